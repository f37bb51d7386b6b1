import type { Actor } from '../access/can.ts';
import type { DatabaseConnections } from '../databases/database-connections.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { SqlRunLog, SqlRunObserver, SqlRunPurpose } from './sql-run-observer.ts';

/** What running SQL needs; built once by the app and shared by every path. */
export interface SqlRunDeps {
  connections: DatabaseConnections;
  /** QUERY_ROW_CAP: no run answers more rows; a caller may only lower it. */
  rowCap: number;
  /** QUERY_TIMEOUT_MS: the statement timeout of a database that sets none of its own. */
  defaultTimeoutMs: number;
  /** Told of every run, and may refuse one (metering, auditing); empty by default. */
  sqlRunObservers: readonly SqlRunObserver[];
  log: SqlRunLog;
}

export interface SqlRunRequest {
  purpose: SqlRunPurpose;
  /** The user the SQL runs for: the policy's `run` on the database is asked for them. */
  actor: Actor;
  /** The database, as the caller found it; whoever may not change its data runs read-only. */
  database: DatabaseRecord;
  sql: string;
  /** Read-only even outside safe mode (the analyst's reads); safe mode forces it anyway. */
  readOnly?: boolean;
  /** Aborting cancels the statement in the database, not only the wait for it. */
  signal?: AbortSignal | undefined;
  /** Told which session of the database runs the statement, by engines that name it (see QueryOptions). */
  onServerSession?: ((sessionId: string) => Promise<void>) | undefined;
}
