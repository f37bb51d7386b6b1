import type { QueryResults } from '@querent/contracts';
import type { ResultRow, RunResult } from '../../connectors/index.ts';
import { isConnectorError } from '../../connectors/index.ts';
import type { StoreDb } from '../../store/connect.ts';
import { nowIso } from '../../store/values.ts';
import { requireDatabase } from '../databases/database-access.ts';
import type { DatabaseConnections } from '../databases/database-connections.ts';
import { toUserFacingError } from '../databases/database-connections.ts';
import type { DatabaseRecord } from '../databases/databases.repo.ts';
import type { User } from '../users/users.repo.ts';
import type { QueryOutcome } from './queries.repo.ts';
import { insertQueryRun } from './queries.repo.ts';

export interface RunQueryDeps {
  db: StoreDb;
  connections: DatabaseConnections;
  /** Most rows returned (QUERY_ROW_CAP). */
  rowCap: number;
  /** Statement timeout when the database sets none (QUERY_TIMEOUT_MS). */
  defaultTimeoutMs: number;
}

export interface RunQueryInput {
  user: User;
  databaseId: string;
  sql: string;
  /** Aborting (the client went away, the user pressed stop) cancels the statement in the database. */
  signal?: AbortSignal;
  /** The conversation whose agent runs it; kept on the history record. */
  conversationId?: string | null;
}

/** A finished run as it is recorded: the outcome and the (capped) rows, none when it failed. */
export type RecordedRun = QueryOutcome & { rows: ResultRow[] | null };

export interface RunOnDatabaseInput {
  database: DatabaseRecord;
  sql: string;
  signal?: AbortSignal | undefined;
  /** Keeps the run (as history, or as a saved query's last result); answers the query id. */
  record: (run: RecordedRun) => Promise<string>;
}

/**
 * POST /api/query/_run: runs the user's SQL on a database they may read; every run, failed or
 * not, is recorded in the user's query history, and its record id answered as `queryId`.
 */
export async function runQuery(deps: RunQueryDeps, input: RunQueryInput): Promise<QueryResults> {
  const database = await requireDatabase(deps.db, input.user, input.databaseId, 'read');
  return runOnDatabase(deps, {
    database,
    sql: input.sql,
    signal: input.signal,
    // History keeps no rows: they may be large and sensitive, and it reruns the SQL instead.
    record: ({ rows: _rows, ...outcome }) =>
      insertQueryRun(deps.db, {
        ...outcome,
        sql: input.sql,
        databaseId: database.id,
        ownerId: input.user.id,
        conversationId: input.conversationId ?? null,
      }),
  });
}

/**
 * Runs SQL with the row cap, the statement timeout and, under safe mode, read-only enforcement,
 * then records it. A failure of the SQL itself is recorded too and answered with the database's
 * own message (SPEC.md §8); the caller has already checked access to the database.
 */
export async function runOnDatabase(deps: RunQueryDeps, input: RunOnDatabaseInput): Promise<QueryResults> {
  const { database } = input;
  const ranAt = nowIso();
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);

  let result: RunResult;
  try {
    const connector = deps.connections.forDatabase(database);
    result = await connector.run(input.sql, {
      rowCap: deps.rowCap,
      timeoutMs: database.statementTimeoutMs ?? deps.defaultTimeoutMs,
      readOnly: database.safeMode,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    });
  } catch (error) {
    const failure = toUserFacingError(error);
    // Only failures the user can act on are recorded; our own bugs go to the log instead.
    if (isConnectorError(error) || failure !== error) {
      await input.record({
        rows: null,
        columns: null,
        count: null,
        truncated: false,
        durationMs: elapsed(),
        error: (failure as Error).message,
        ranAt,
      });
    }
    throw failure;
  }
  const queryId = await input.record({
    rows: result.rows,
    columns: result.columns,
    count: result.count,
    truncated: result.truncated,
    durationMs: result.durationMs,
    error: null,
    ranAt,
  });
  return {
    rows: result.rows,
    count: result.count,
    columns: result.columns,
    truncated: result.truncated,
    durationMs: result.durationMs,
    queryId,
    ranAt,
    error: null,
  };
}
