import type { CheckRunStatus, EntityScore, SchemaInfo } from '@querent/contracts';
import { checkRunStatuses } from '@querent/contracts';
import type { BusinessEntityRecord } from '../business-entities/business-entities.repo.ts';
import { recordReview } from '../business-entities/business-entities.repo.ts';
import type { DatabaseRecord } from '../databases/databases.repo.ts';
import { loadDatabaseSchema } from '../databases/get-database-schema.ts';
import type { IssueChange } from '../issues/sync-check-issue.ts';
import { listIssuesOfChecks } from '../issues/issues.repo.ts';
import { syncCheckIssue } from '../issues/sync-check-issue.ts';
import { activateProposed, listChecksOfDatabase } from './checks/checks.repo.ts';
import type { QualityDeps } from './quality-deps.ts';
import type { CheckRunRecord, RunTrigger } from './runs/check-run-record.ts';
import { latestRunsOf } from './runs/check-runs.repo.ts';
import { runChecks } from './runs/run-checks.ts';
import { tableLookup } from './runs/table-lookup.ts';
import { insertScore } from './scores/quality-scores.repo.ts';
import { cardPercent, scoreOf } from './scores/score-entity.ts';

export interface AssessInput {
  database: DatabaseRecord;
  /** The user the checks run for. */
  actorId: string;
  entities: readonly BusinessEntityRecord[];
  trigger: RunTrigger;
  /** Proposed checks to run on purpose (named by the analyst or a person): running them accepts them. */
  proposedToRun?: readonly string[];
  /** The conversation the assessment is discussed in; it becomes the entities' review conversation. */
  reviewConversationId?: string | undefined;
  /** A schema already introspected for this run (a scan's); otherwise it is read again. */
  schema?: SchemaInfo;
  signal?: AbortSignal | undefined;
  onTable?: (done: number, total: number, table: string) => void;
}

export interface Assessment {
  batchId: string;
  runs: CheckRunRecord[];
  statements: number;
  durationMs: number;
  statuses: Record<CheckRunStatus, number>;
  issues: Record<IssueChange, number>;
  entities: { entity: BusinessEntityRecord; score: EntityScore }[];
}

function countStatuses(runs: readonly CheckRunRecord[]): Record<CheckRunStatus, number> {
  const counts = Object.fromEntries(checkRunStatuses.map((status) => [status, 0])) as Record<
    CheckRunStatus,
    number
  >;
  for (const run of runs) counts[run.status] += 1;
  return counts;
}

/**
 * Runs the active checks of some entities (and proposed ones named on purpose, which become
 * active), keeps each check's issue in step with its run, then scores every entity from its
 * stored runs and records the review on its card.
 */
export async function assessEntities(deps: QualityDeps, input: AssessInput): Promise<Assessment> {
  const started = performance.now();
  const schema = input.schema ?? (await loadDatabaseSchema(deps, input.database, true));
  const named = new Set(input.proposedToRun ?? []);
  const entityIds = new Set(input.entities.map((entity) => entity.id));
  const checksOf = async () =>
    (await listChecksOfDatabase(deps.db, input.database.id)).filter((check) => entityIds.has(check.entityId));
  const toRun = (await checksOf()).filter(
    (check) => check.state === 'active' || (check.state === 'proposed' && named.has(check.id)),
  );

  const run = await runChecks(deps, {
    database: input.database,
    actorId: input.actorId,
    schema,
    checks: toRun,
    keyColumns: new Map(input.entities.map((entity) => [entity.id, entity.keyColumns])),
    trigger: input.trigger,
    signal: input.signal,
    onTable: input.onTable,
  });
  await activateProposed(
    deps.db,
    toRun.filter((check) => check.state === 'proposed').map((check) => check.id),
  );

  // One transaction for the issues and one for the scores: a commit per row would cost more
  // than the checks themselves on a large database.
  const issues: Record<IssueChange, number> = {
    opened: 0,
    updated: 0,
    reopened: 0,
    resolved: 0,
    unchanged: 0,
  };
  const checksById = new Map(toRun.map((check) => [check.id, check]));
  const known = await listIssuesOfChecks(
    deps.db,
    run.runs.map((stored) => stored.checkId),
  );
  await deps.db.transaction().execute(async (trx) => {
    for (const stored of run.runs) {
      const check = checksById.get(stored.checkId);
      if (!check) continue;
      const synced = await syncCheckIssue(trx, check, stored, known.get(check.id) ?? null);
      issues[synced.change] += 1;
    }
  });

  const lookup = tableLookup(schema);
  const reviewDate = new Date().toISOString();
  const allChecks = await checksOf();
  const latest = await latestRunsOf(
    deps.db,
    allChecks.map((check) => check.id),
  );
  const scored: Assessment['entities'] = input.entities.map((entity) => ({
    entity,
    score: scoreOf({
      entity,
      table: entity.table ? lookup.find(entity.table) : null,
      checks: allChecks.filter((check) => check.entityId === entity.id),
      latest,
    }),
  }));
  await deps.db.transaction().execute(async (trx) => {
    for (const { entity, score } of scored) {
      await insertScore(trx, entity.id, score);
      await recordReview(trx, entity.id, {
        reviewDate,
        reviewConversationId: input.reviewConversationId,
        completeness: cardPercent(score.completeness.score),
        qualityScore: cardPercent(score.quality.score),
      });
    }
  });
  return {
    batchId: run.batchId,
    runs: run.runs,
    statements: run.statements,
    durationMs: Math.round(performance.now() - started),
    statuses: countStatuses(run.runs),
    issues,
    entities: scored,
  };
}
