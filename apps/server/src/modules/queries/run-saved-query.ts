import type { QueryResults } from '@querent/contracts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { runSql } from '../sql-runs/run-sql.ts';
import type { User } from '../users/user.ts';
import { authorize, forbidden } from '../access/authorize.ts';
import { queryNotFound, requireQuery } from './query-access.ts';
import { querySubject } from './query-subject.ts';
import type { QueryRecord } from './query-record.ts';
import { recordAsLastResult } from './query-recorders.ts';
import type { RunQueryDeps } from './run-query.ts';
import { answerRun } from './run-query.ts';

/**
 * Runs a stored query again and keeps the outcome, with its rows up to QUERY_ROW_CAP, as the
 * query's last result (a saved query's run also joins the user's history). Whatever asks for it
 * (Run again, opening a query without stored rows, charting it), it is the query's `run`.
 */
export async function rerunQuery(
  deps: RunQueryDeps,
  input: {
    user: User;
    query: QueryRecord;
    database: DatabaseRecord;
    signal?: AbortSignal | undefined;
    /** Read-only even where the user may write (the MCP server's run_saved_query). */
    readOnly?: boolean;
    /** Why it runs, when not a rerun in the app: `mcp` for the MCP server's run_saved_query. */
    purpose?: 'mcp';
  },
): Promise<QueryResults> {
  const { query, database, user } = input;
  authorize(user, 'run', querySubject(query, database), {
    notFound: queryNotFound,
    forbidden: (action) => forbidden(action, 'this query'),
  });
  const run = await runSql(
    deps,
    {
      purpose: input.purpose ?? 'saved-query',
      actor: user,
      database,
      sql: query.sql,
      signal: input.signal,
      ...(input.readOnly === true ? { readOnly: true } : {}),
    },
    recordAsLastResult(deps.db, { query, userId: user.id }),
  );
  return answerRun(run);
}

/**
 * POST /api/query/{id}/run ("Run again"): anyone the policy lets `run` the query (its owner, and
 * colleagues it is shared with) may refresh its result, read-only unless they may change the data.
 * A failing statement is a 400 with the database's message, as for POST /api/query/_run, and
 * is stored as the query's last result.
 */
export async function runSavedQuery(
  deps: RunQueryDeps,
  input: {
    user: User;
    queryId: string;
    signal?: AbortSignal | undefined;
    readOnly?: boolean;
    purpose?: 'mcp';
  },
): Promise<QueryResults> {
  const { query, database } = await requireQuery(deps.db, input.user, input.queryId, 'run');
  return rerunQuery(deps, {
    user: input.user,
    query,
    database,
    signal: input.signal,
    ...(input.readOnly === true ? { readOnly: true } : {}),
    ...(input.purpose === undefined ? {} : { purpose: input.purpose }),
  });
}
