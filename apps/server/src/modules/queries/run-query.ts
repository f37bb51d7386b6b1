import type { RunQueryResult } from '@querent/contracts';
import { isConnectorError } from '../../connectors/index.ts';
import type { StoreDb } from '../../store/connect.ts';
import { nowIso } from '../../store/values.ts';
import { requireDatabase } from '../databases/database-access.ts';
import type { DatabaseConnections } from '../databases/database-connections.ts';
import { toUserFacingError } from '../databases/database-connections.ts';
import type { User } from '../users/users.repo.ts';
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
}

/**
 * Runs the user's SQL with the row cap, the statement timeout and, under safe mode, read-only
 * enforcement; every run, failed or not, is recorded in the user's query history. A failure of
 * the SQL itself is answered with the database's own message (SPEC.md §8).
 */
export async function runQuery(deps: RunQueryDeps, input: RunQueryInput): Promise<RunQueryResult> {
  const database = await requireDatabase(deps.db, input.user, input.databaseId, 'read');
  const ranAt = nowIso();
  const startedAt = performance.now();
  const record = (
    outcome: Pick<Parameters<typeof insertQueryRun>[1], 'columns' | 'count' | 'truncated' | 'error'>,
  ) =>
    insertQueryRun(deps.db, {
      sql: input.sql,
      databaseId: database.id,
      ownerId: input.user.id,
      durationMs: Math.round(performance.now() - startedAt),
      ranAt,
      ...outcome,
    });

  try {
    const connector = deps.connections.forDatabase(database);
    const result = await connector.run(input.sql, {
      rowCap: deps.rowCap,
      timeoutMs: database.statementTimeoutMs ?? deps.defaultTimeoutMs,
      readOnly: database.safeMode,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    });
    await record({ columns: result.columns, count: result.count, truncated: result.truncated, error: null });
    return {
      rows: result.rows,
      count: result.count,
      columns: result.columns,
      truncated: result.truncated,
      durationMs: result.durationMs,
    };
  } catch (error) {
    const failure = toUserFacingError(error);
    // Only failures the user can act on are history; our own bugs go to the log instead.
    if (isConnectorError(error) || failure !== error) {
      await record({ columns: null, count: null, truncated: false, error: (failure as Error).message });
    }
    throw failure;
  }
}
