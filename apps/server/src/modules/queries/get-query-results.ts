import type { QueryResults } from '@querent/contracts';
import type { User } from '../users/user.ts';
import { readQueryRows } from './queries.repo.ts';
import { requireQuery } from './query-access.ts';
import type { RunQueryDeps } from './run-query.ts';
import { rerunQuery } from './run-saved-query.ts';

/**
 * GET /api/query/{id}/results: the stored last result, so opening a query does not run it again.
 * A last run that failed answers its error (200, no rows). With no stored rows (never ran, a
 * history record, or the SQL changed) the query runs now and its result is stored.
 */
export async function getQueryResults(
  deps: RunQueryDeps,
  input: { user: User; queryId: string; signal?: AbortSignal | undefined },
): Promise<QueryResults> {
  const { query, database } = await requireQuery(deps.db, input.user, input.queryId, 'read');
  if (query.ranAt !== null && query.error !== null) {
    return {
      queryId: query.id,
      rows: [],
      columns: [],
      count: null,
      truncated: false,
      durationMs: query.durationMs ?? 0,
      ranAt: query.ranAt,
      error: query.error,
    };
  }
  const rows = query.ranAt !== null && query.hasRows ? await readQueryRows(deps.db, query.id) : null;
  if (rows === null || query.ranAt === null) {
    return rerunQuery(deps, { user: input.user, query, database, signal: input.signal });
  }
  return {
    queryId: query.id,
    rows,
    columns: query.columns ?? [],
    count: query.count,
    truncated: query.truncated,
    durationMs: query.durationMs ?? 0,
    ranAt: query.ranAt,
    error: null,
  };
}
