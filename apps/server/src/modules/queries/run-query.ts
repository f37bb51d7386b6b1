import type { QueryResults } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { requireDatabase } from '../databases/database-access.ts';
import type { SqlRun } from '../sql-runs/run-sql.ts';
import { runSql } from '../sql-runs/run-sql.ts';
import type { SqlRunDeps } from '../sql-runs/sql-run-deps.ts';
import type { User } from '../users/user.ts';
import { recordInHistory } from './query-recorders.ts';

export interface RunQueryDeps extends SqlRunDeps {
  db: StoreDb;
}

export interface RunQueryInput {
  user: User;
  databaseId: string;
  sql: string;
  /** Aborting (the client went away, the user pressed stop) cancels the statement in the database. */
  signal?: AbortSignal;
  /** The conversation whose agent runs it; kept on the history record. */
  conversationId?: string | null;
  /** Read-only even where the user may write (the MCP server's run_sql); safe mode forces it anyway. */
  readOnly?: boolean;
  /** Why it runs, when not for the editor: `mcp` for the MCP server's run_sql. */
  purpose?: 'mcp';
}

/**
 * The editor's answer to a recorded run: its result under the record's id, or, when the SQL
 * failed, a 400 with the database's own message (the failure is recorded all the same).
 */
export function answerRun(run: SqlRun): QueryResults {
  if (!run.ok) throw run.error;
  const { result } = run;
  return {
    rows: result.rows,
    count: result.count,
    columns: result.columns,
    truncated: result.truncated,
    durationMs: result.durationMs,
    queryId: run.recordId,
    ranAt: run.ranAt,
    error: null,
  };
}

/**
 * POST /api/query/_run: runs the user's SQL on a database they may run SQL on; every run, failed or
 * not, is recorded in the user's query history, and its record id answered as `queryId`.
 */
export async function runQuery(deps: RunQueryDeps, input: RunQueryInput): Promise<QueryResults> {
  const database = await requireDatabase(deps.db, input.user, input.databaseId, 'run');
  const run = await runSql(
    deps,
    {
      purpose: input.purpose ?? 'editor',
      actor: input.user,
      database,
      sql: input.sql,
      signal: input.signal,
      ...(input.readOnly === true ? { readOnly: true } : {}),
    },
    recordInHistory(deps.db, {
      sql: input.sql,
      databaseId: database.id,
      ownerId: input.user.id,
      conversationId: input.conversationId ?? null,
    }),
  );
  return answerRun(run);
}
