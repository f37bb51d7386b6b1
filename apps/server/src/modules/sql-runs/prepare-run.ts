import type { Connector, QueryOptions } from '../../connectors/index.ts';
import { isConnectorError } from '../../connectors/index.ts';
import { newId, nowIso } from '../../store/values.ts';
import { authorize, forbidden } from '../access/authorize.ts';
import { can } from '../access/can.ts';
import { databaseNotFound } from '../databases/database-access.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import type { SqlRunDeps, SqlRunRequest } from './sql-run-deps.ts';
import type { SqlRunEnd, SqlRunStart } from './sql-run-observer.ts';
import { announceRun, reportRun } from './sql-run-observer.ts';

/*
 * The policy every SQL run shares, for run-sql.ts and stream-sql.ts only: callers go through
 * those two, so nothing else decides how SQL reaches a user's database.
 */

/** How a run ended, as its path knows it; what ran and for whom is added by finish(). */
export type RunEnding = Pick<SqlRunEnd, 'outcome' | 'durationMs' | 'rowCount' | 'error'>;

export interface PreparedRun {
  connector: Connector;
  /** Timeout, read-only and cancellation, as the policy sets them. */
  options: QueryOptions;
  ranAt: string;
  elapsedMs(): number;
  /** Tells the observers how the run ended; only the first call counts. */
  finish(ending: RunEnding): Promise<void>;
  /** finish() for an error the run threw: cancelled when it was stopped, failed otherwise. */
  fail(error: unknown): Promise<void>;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function wasCancelled(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (isConnectorError(error) && error.kind === 'cancelled');
}

/**
 * Applies the policy and lets the observers refuse before the database is touched. Who may send
 * SQL to the database is the access policy's `run`, asked here for every path before anything is
 * announced. Read-only when the database is in safe mode, when the caller asks, or when the actor
 * may not change its data (no `write_data`: a colleague, a public database's visitor). A
 * statement stops after the database's own statement timeout, else the configured default;
 * `timeLimitMs` replaces both for a caller whose whole run has one limit (an export).
 */
export async function prepareRun(
  deps: SqlRunDeps,
  request: SqlRunRequest,
  timeLimitMs?: number,
): Promise<PreparedRun> {
  const { database, actor } = request;
  const subject = databaseSubject(database);
  authorize(actor, 'run', subject, {
    notFound: databaseNotFound,
    forbidden: (action) => forbidden(action, 'this database'),
  });
  const start: SqlRunStart = {
    runId: newId(),
    purpose: request.purpose,
    actorId: actor.id,
    databaseId: database.id,
    engine: database.engine,
    sql: request.sql,
    readOnly: request.readOnly === true || database.safeMode || !can(actor, 'write_data', subject),
  };
  const observers = deps.sqlRunObservers;
  let finished = false;
  const finish = async (ending: RunEnding) => {
    if (finished) return;
    finished = true;
    await reportRun(observers, { ...start, ...ending }, deps.log);
  };

  try {
    await announceRun(observers, start);
  } catch (error) {
    await finish({ outcome: 'refused', durationMs: 0, rowCount: null, error: errorMessage(error) });
    throw error;
  }

  const ranAt = nowIso();
  const startedAt = performance.now();
  const elapsedMs = () => Math.round(performance.now() - startedAt);
  const fail = (error: unknown) =>
    finish({
      outcome: wasCancelled(error, request.signal) ? 'cancelled' : 'failed',
      durationMs: elapsedMs(),
      rowCount: null,
      error: errorMessage(error),
    });

  let connector: Connector;
  try {
    connector = deps.connections.forDatabase(database);
  } catch (error) {
    await fail(error);
    throw error;
  }
  return {
    connector,
    options: {
      timeoutMs: timeLimitMs ?? database.statementTimeoutMs ?? deps.defaultTimeoutMs,
      readOnly: start.readOnly,
      ...(request.signal === undefined ? {} : { signal: request.signal }),
      ...(request.onServerSession === undefined ? {} : { onServerSession: request.onServerSession }),
    },
    ranAt,
    elapsedMs,
    finish,
    fail,
  };
}
