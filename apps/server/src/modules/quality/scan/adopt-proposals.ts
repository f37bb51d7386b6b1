import type { CheckDefinition, CheckOrigin, TableName } from '@querent/contracts';
import type { StoreDb } from '../../../store/connect.ts';
import type { BusinessEntityRecord } from '../../business-entities/entity-record.ts';
import type { NewCheck, QualityCheckRecord } from '../checks/check-record.ts';
import { insertCheck, listChecksOfEntity } from '../checks/checks.repo.ts';

/** What a check is about, whatever its parameters: a scan adds no second check on the same subject. */
function subjectOf(definition: CheckDefinition): string {
  if (definition.kind === 'schema' || definition.kind === 'volume') return definition.kind;
  const columns = definition.columns.map((column) => column.toLowerCase()).sort();
  return `${definition.kind}:${columns.join(',')}`;
}

/**
 * Saves the proposed checks an entity does not have yet. A check already there on the same
 * subject stays as it is, however it was edited, accepted or muted since: a scan never undoes a
 * person's decision. Answers the checks added.
 */
export async function adoptProposals(
  db: StoreDb,
  input: {
    entity: BusinessEntityRecord;
    table: TableName;
    origin: CheckOrigin;
    proposals: readonly Pick<
      NewCheck,
      'definition' | 'title' | 'dimension' | 'severity' | 'warnPercent' | 'failPercent' | 'state'
    >[];
  },
): Promise<QualityCheckRecord[]> {
  const existing = new Set(
    (await listChecksOfEntity(db, input.entity.id)).map((check) => subjectOf(check.definition)),
  );
  const added: QualityCheckRecord[] = [];
  for (const proposed of input.proposals) {
    const subject = subjectOf(proposed.definition);
    if (existing.has(subject)) continue;
    existing.add(subject);
    added.push(
      await insertCheck(db, {
        ...proposed,
        databaseId: input.entity.databaseId,
        entityId: input.entity.id,
        table: input.table,
        origin: input.origin,
      }),
    );
  }
  return added;
}
