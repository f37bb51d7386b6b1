import type { CheckRunStatus, EntityScore, SchemaInfo } from '@querent/contracts';
import { checkRunStatuses } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import type { BusinessEntityRecord } from '../business-entities/entity-record.ts';
import { recordEntityReview } from '../business-entities/entity-operations.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { loadDatabaseSchema } from '../databases/get-database-schema.ts';
import type { CheckFinding, IssueChange } from '../issues/sync-check-issue.ts';
import { syncCheckIssues } from '../issues/sync-check-issue.ts';
import type { QualityCheckRecord } from './checks/check-record.ts';
import { describeProblem } from './checks/check-titles.ts';
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
  /** The user the checks run for (their `run` on the database is asked). */
  actor: Actor;
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

/** A check's run as its issue reads it. */
function findingOf(check: QualityCheckRecord, run: CheckRunRecord): CheckFinding {
  return {
    checkId: check.id,
    databaseId: check.databaseId,
    entityId: check.entityId,
    checkSeverity: check.severity,
    problem: describeProblem(check.table, check.definition),
    checkText: `${check.title} (warns above ${check.warnPercent}%, fails above ${check.failPercent}%)`,
    status: run.status,
    failingPercent: run.failingPercent,
    observed: run.observed,
    evidence: run.sample,
    ranAt: run.ranAt,
  };
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
    actor: input.actor,
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

  const checksById = new Map(toRun.map((check) => [check.id, check]));
  const issues = await syncCheckIssues(
    deps.db,
    run.runs.flatMap((stored) => {
      const check = checksById.get(stored.checkId);
      return check ? [findingOf(check, stored)] : [];
    }),
  );

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
  // One transaction for every score: a commit per entity would cost more than its checks.
  await deps.db.transaction().execute(async (trx) => {
    for (const { entity, score } of scored) {
      await insertScore(trx, entity.id, score);
      await recordEntityReview(trx, entity.id, {
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
