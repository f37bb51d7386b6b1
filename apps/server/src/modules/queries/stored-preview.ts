import type { ResultPreview } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { readQueryRows } from './queries.repo.ts';
import type { QueryRecord } from './query-record.ts';

/** The stored last result's first rows; null when the query never ran, failed, or keeps no rows. */
export async function readStoredPreview(
  db: StoreDb,
  query: QueryRecord,
  limit: number,
): Promise<ResultPreview | null> {
  if (query.ranAt === null || query.error !== null || !query.hasRows || query.columns === null) return null;
  const rows = await readQueryRows(db, query.id);
  if (rows === null) return null;
  return {
    rows: rows.slice(0, limit),
    columns: query.columns,
    count: query.count,
    truncated: query.truncated,
    ranAt: query.ranAt,
  };
}
