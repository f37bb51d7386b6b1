import type { ResultColumn } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { QueryRecord } from '../queries/query-record.ts';
import type { RunQueryDeps } from '../queries/run-query.ts';
import { rerunQuery } from '../queries/run-saved-query.ts';
import type { User } from '../users/user.ts';

/**
 * The columns a chart config is checked against: those of the query's stored result. A chart
 * draws from stored rows (favourites never rerun queries), so a query without them — never run,
 * a history record, or SQL changed since — runs once now and keeps its result.
 */
export async function chartableColumns(
  deps: RunQueryDeps,
  input: { user: User; query: QueryRecord; database: DatabaseRecord },
): Promise<ResultColumn[]> {
  const { query } = input;
  if (query.ranAt !== null && query.error === null && query.hasRows && query.columns !== null) {
    return query.columns;
  }
  const result = await rerunQuery(deps, input).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'BAD_REQUEST' && error.field === undefined) {
      throw new AppError('BAD_REQUEST', `The chart's query failed: ${error.message}`, {
        field: 'queryId',
        cause: error,
      });
    }
    throw error;
  });
  return result.columns;
}
