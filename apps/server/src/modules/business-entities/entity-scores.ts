import type { TableName } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { listEntitiesOfDatabase } from './business-entities.repo.ts';
import type { EntityIssues } from './entity-issues.ts';

/** An entity's scores, for what shows the data it stands for elsewhere (a dashboard's tiles). */
export interface EntityScores {
  id: string;
  name: string;
  /** Its table as the scan recorded it; null when only its card's `tableRef` names it. */
  table: TableName | null;
  tableRef: string | null;
  qualityScore: number | null;
  completeness: number | null;
  openIssues: number;
}

/**
 * The business entities of a database with their quality and completeness scores and their count
 * of unresolved issues. The caller has checked the person may read the database.
 */
export async function readEntityScores(
  deps: { db: StoreDb; issues: EntityIssues },
  databaseId: string,
): Promise<EntityScores[]> {
  const [entities, issues] = await Promise.all([
    listEntitiesOfDatabase(deps.db, databaseId),
    deps.issues.unresolvedOf(databaseId),
  ]);
  const open = new Map<string, number>();
  for (const { businessEntityId } of issues) {
    if (businessEntityId !== null) open.set(businessEntityId, (open.get(businessEntityId) ?? 0) + 1);
  }
  return entities.map((entity) => ({
    id: entity.id,
    name: entity.name,
    table: entity.table,
    tableRef: entity.tableRef,
    qualityScore: entity.qualityScore,
    completeness: entity.completeness,
    openIssues: open.get(entity.id) ?? 0,
  }));
}
