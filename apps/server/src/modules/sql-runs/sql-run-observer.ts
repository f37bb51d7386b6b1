import type { Engine } from '@querent/contracts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Why SQL reaches a user's database; metering and auditing tell runs apart by it. `mcp`: a tool of
 * the MCP server (run_sql, run_saved_query, query_metrics, column_values) on an MCP client's behalf.
 */
export type SqlRunPurpose =
  | 'editor'
  | 'chat'
  | 'agent'
  | 'saved-query'
  | 'export'
  | 'check'
  | 'metric'
  | 'mcp'
  | 'dashboard';

/** A run about to start: what runs, where, for whom and why. */
export interface SqlRunStart {
  /** This run's own id: what an observer's before and after hear in common. */
  runId: string;
  purpose: SqlRunPurpose;
  /** The user the SQL runs for. */
  actorId: string;
  databaseId: string;
  /** The database's engine, so runs can be told apart by it (metrics). */
  engine: Engine;
  sql: string;
  /** Whether the run is read-only (safe mode, or the caller asked). */
  readOnly: boolean;
}

/**
 * How a run ended. `refused`: an observer stopped it before the database was touched;
 * `cancelled`: stopped by the user, a client that went away, or a shutdown.
 */
export type SqlRunOutcome = 'succeeded' | 'failed' | 'cancelled' | 'refused';

export interface SqlRunEnd extends SqlRunStart {
  outcome: SqlRunOutcome;
  durationMs: number;
  /** Rows answered (after the cap), or rows an export wrote; null when none came back. */
  rowCount: number | null;
  /** The message of the failure or refusal; null on success. */
  error: string | null;
}

/**
 * Where metering and auditing attach: every SQL run of every path (editor, chat, analyst,
 * stored-query reruns, exports, checks, metric queries, MCP tools, dashboard tiles) is announced
 * before it starts and reported once it ends.
 */
export interface SqlRunObserver {
  /**
   * Before the database is touched. Throwing refuses the run: an AppError (e.g. credits spent)
   * reaches the user as it is, and the statement never starts.
   */
  beforeRun?(run: SqlRunStart): void | Promise<void>;
  /**
   * Once the run has ended — for an export, once its file has been written. A failure here is
   * logged and changes nothing: the run has happened and its answer stands.
   */
  afterRun?(run: SqlRunEnd): void | Promise<void>;
}

export type SqlRunLog = Pick<FastifyBaseLogger, 'error'>;

/** Asks every observer in turn; the first to throw refuses the run. */
export async function announceRun(observers: readonly SqlRunObserver[], start: SqlRunStart): Promise<void> {
  for (const observer of observers) await observer.beforeRun?.(start);
}

/** Tells every observer how the run ended; their failures are logged, never thrown. */
export async function reportRun(
  observers: readonly SqlRunObserver[],
  end: SqlRunEnd,
  log: SqlRunLog,
): Promise<void> {
  for (const observer of observers) {
    try {
      await observer.afterRun?.(end);
    } catch (error) {
      log.error({ err: error, purpose: end.purpose, databaseId: end.databaseId }, 'SQL run observer failed');
    }
  }
}
