import type { QualityRunSummary } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import { listEntities } from '../business-entities/entity-operations.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { User } from '../users/user.ts';
import type { Assessment } from './assess-entities.ts';
import { assessEntities } from './assess-entities.ts';
import type { ProgressReporter } from './progress-reporter.ts';
import { progressReporter } from './progress-reporter.ts';
import { requireContextDatabase } from './quality-access.ts';
import type { QualityDeps } from './quality-deps.ts';
import type { RunTrigger } from './runs/check-run-record.ts';

/** Every entity of a database assessed at once: what a schedule and "Run checks" do. */
export async function assessDatabase(
  deps: QualityDeps,
  input: {
    database: DatabaseRecord;
    actor: Actor;
    trigger: RunTrigger;
    progress?: ProgressReporter;
    signal?: AbortSignal | undefined;
  },
): Promise<Assessment> {
  const entities = await listEntities(deps.db, input.database.id);
  return assessEntities(deps, {
    database: input.database,
    actor: input.actor,
    entities,
    trigger: input.trigger,
    signal: input.signal,
    onTable: input.progress?.onTable,
  });
}

export function summarize(done: Assessment): QualityRunSummary {
  return {
    entities: done.entities.map(({ entity, score }) => ({
      id: entity.id,
      name: entity.name,
      quality_score: score.quality.score,
      completeness: score.completeness.score,
    })),
    statuses: done.statuses,
    statements: done.statements,
    duration_ms: done.durationMs,
  };
}

/** POST /api/quality/runs: runs every active check of the context's database now. */
export async function runDatabaseChecks(
  deps: QualityDeps,
  input: { user: User; contextId: string },
): Promise<QualityRunSummary> {
  // Running checks writes the shared issues and scores: the policy's `run` on business entities,
  // which goes with the right to change them.
  const database = await requireContextDatabase(deps.db, input.user, input.contextId, 'run');
  const progress = progressReporter(deps.events, {
    userId: input.user.id,
    databaseId: database.id,
    conversationId: null,
  });
  progress.report('checking', 0, 1, `Running the checks of ${database.name}`);
  try {
    const done = await assessDatabase(deps, {
      database,
      actor: input.user,
      trigger: 'manual',
      progress,
    });
    progress.report('done', 1, 1, `${done.runs.length} checks run on ${done.entities.length} entities`);
    return summarize(done);
  } catch (error) {
    progress.report('failed', 0, 1, `The checks of ${database.name} could not run`);
    throw error;
  }
}
