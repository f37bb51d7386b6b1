import type { TableName } from '@querent/contracts';
import { checkDefinitionSchema, defaultDimensionOfKind } from '@querent/contracts';
import type { ProposedCheck } from '../../../agent/quality-port.ts';
import { isAppError } from '../../../errors.ts';
import { changeEntity, createEntity, listEntities } from '../../business-entities/entity-operations.ts';
import { loadDatabaseSchema } from '../../databases/get-database-schema.ts';
import { assessEntities } from '../assess-entities.ts';
import { checkThresholds, defaultJudgement } from '../checks/check-defaults.ts';
import { describeCheck } from '../checks/check-titles.ts';
import { listChecksOfEntity } from '../checks/checks.repo.ts';
import { tryCheck } from '../checks/try-check.ts';
import type { QualityDeps } from '../quality-deps.ts';
import { adoptProposals } from '../scan/adopt-proposals.ts';
import { reportAssessment } from '../scan/scan-summary.ts';
import { latestScoreOf } from '../scores/quality-scores.repo.ts';
import type { AnalystTurn } from './analyst-turn.ts';
import { entityNamed, forModel, requireChanges } from './analyst-turn.ts';

/** An entity made on a table by the analyst, or the one with this name brought up to date. */
export async function proposeEntityForAnalyst(
  deps: QualityDeps,
  turn: AnalystTurn,
  input: {
    name: string;
    table: TableName;
    tableRef: string;
    definition: string | undefined;
    keyColumns: string[];
  },
): Promise<Record<string, unknown>> {
  requireChanges(turn);
  const existing = (await listEntities(deps.db, turn.database.id)).find(
    (entity) => entity.name.toLowerCase() === input.name.toLowerCase(),
  );
  const summary = { table: input.tableRef, key: input.keyColumns };
  if (existing) {
    await changeEntity(deps.db, existing.id, {
      ...(input.definition === undefined ? {} : { definition: input.definition }),
      table: input.table,
      tableRef: input.tableRef,
      ...(input.keyColumns.length > 0 ? { keyColumns: input.keyColumns } : {}),
    });
    return { entityId: existing.id, updated: true, name: existing.name, ...summary };
  }
  const entity = await createEntity(deps.db, {
    databaseId: turn.database.id,
    name: input.name,
    definition: input.definition ?? null,
    table: input.table,
    tableRef: input.tableRef,
    keyColumns: input.keyColumns,
    origin: 'agent',
  });
  return { entityId: entity.id, created: true, name: entity.name, ...summary };
}

/** Each proposed check validated and tried on the database, then saved as proposed; refusals say why. */
export async function proposeChecksForAnalyst(
  deps: QualityDeps,
  turn: AnalystTurn,
  input: { entity: string; checks: readonly ProposedCheck[] },
): Promise<Record<string, unknown>> {
  requireChanges(turn);
  const entity = await entityNamed(deps, turn, input.entity);
  const table = entity.table;
  if (!table) return { error: `${entity.name} names no table: give it one with propose_entity.` };
  const schema = await loadDatabaseSchema(deps, turn.database);
  const results: Record<string, unknown>[] = [];
  for (const proposed of input.checks) {
    const definition = checkDefinitionSchema.parse(proposed.definition);
    const fallback = defaultJudgement[definition.kind];
    const judgement = {
      warnPercent: proposed.warn_percent ?? fallback.warnPercent,
      failPercent: proposed.fail_percent ?? fallback.failPercent,
    };
    try {
      checkThresholds(judgement.warnPercent, judgement.failPercent);
      const tried = await tryCheck(deps, {
        database: turn.database,
        actor: turn.asker,
        schema,
        table,
        definition,
        judgement,
        signal: turn.signal,
      });
      const title = proposed.title ?? describeCheck(table, tried.definition);
      const [saved] = await adoptProposals(deps.db, {
        entity,
        table,
        origin: 'agent',
        proposals: [
          {
            definition: tried.definition,
            title,
            dimension: proposed.dimension ?? defaultDimensionOfKind[tried.definition.kind],
            severity: proposed.severity ?? fallback.severity,
            ...judgement,
            state: 'proposed',
          },
        ],
      });
      results.push({
        title,
        ...(saved
          ? { checkId: saved.id, state: saved.state }
          : { note: 'The entity already has a check on this; kept as it is.' }),
        dryRun: { status: tried.outcome.status, observed: tried.outcome.observed },
      });
    } catch (error) {
      if (!isAppError(error)) throw error;
      results.push({ kind: definition.kind, error: error.message });
    }
  }
  return { entity: entity.name, checks: results, hint: 'Run them with run_checks to score them.' };
}

/** Active checks run, with the proposed ones named (by default the analyst's own), and entities scored. */
export async function runChecksForAnalyst(
  deps: QualityDeps,
  turn: AnalystTurn,
  input: { entity: string | undefined; checkIds: string[] | undefined },
): Promise<Record<string, unknown>> {
  requireChanges(turn);
  const entities = input.entity
    ? [await entityNamed(deps, turn, input.entity)]
    : await listEntities(deps.db, turn.database.id);
  const proposed =
    input.checkIds ??
    (await Promise.all(entities.map((entity) => listChecksOfEntity(deps.db, entity.id))))
      .flat()
      .filter((check) => check.state === 'proposed' && check.origin === 'agent')
      .map((check) => check.id);
  const done = await assessEntities(deps, {
    database: turn.database,
    actor: turn.asker,
    entities,
    trigger: 'agent',
    proposedToRun: proposed,
    reviewConversationId: turn.conversationId,
    signal: turn.signal,
  });
  const report = await reportAssessment(deps.db, turn.database.id, done, done.statements, done.durationMs);
  return { ...report, entities: report.entities.map((entity) => forModel(entity)) };
}

/** An entity's latest score with its arithmetic, as stored. */
export async function explainScoreForAnalyst(
  deps: QualityDeps,
  turn: AnalystTurn,
  name: string,
): Promise<Record<string, unknown>> {
  const entity = await entityNamed(deps, turn, name);
  const score = await latestScoreOf(deps.db, entity.id);
  if (!score)
    return { entity: entity.name, assessed: false, note: 'Not assessed yet: run its checks first.' };
  return {
    entity: entity.name,
    version: score.version,
    computedAt: score.computed_at,
    qualityScore: score.quality.score,
    qualityArithmetic: score.quality.arithmetic,
    capped: score.quality.capped,
    dimensions: score.quality.dimensions,
    completeness: score.completeness.score,
    completenessArithmetic: score.completeness.arithmetic,
    completenessItems: score.completeness.items,
    coverage: score.coverage.text,
  };
}
