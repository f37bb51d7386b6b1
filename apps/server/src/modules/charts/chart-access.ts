import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { mayReadOwned, requireQuery } from '../queries/query-access.ts';
import type { QueryRecord } from '../queries/query-record.ts';
import type { User } from '../users/user.ts';
import type { ChartRecord } from './chart-record.ts';
import { findChartById, findChartsByIds } from './charts.repo.ts';

export function chartNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Chart not found');
}

/**
 * A chart follows the rules of queries (owner, or read for the owner's organization) and is
 * hidden as soon as its query is.
 */
export async function requireChart(
  db: StoreDb,
  user: Pick<User, 'id' | 'role' | 'organizationId'>,
  id: string,
  needed: 'read' | 'write',
): Promise<{ chart: ChartRecord; query: QueryRecord; database: DatabaseRecord }> {
  const chart = await findChartById(db, id);
  if (!chart || !mayReadOwned(user, chart)) throw chartNotFound();
  const access = await requireQuery(db, user, chart.queryId, 'read').catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw chartNotFound();
    throw error;
  });
  if (needed === 'write' && chart.ownerId !== user.id) {
    throw new AppError('FORBIDDEN', 'Only the owner of this chart can change it');
  }
  return { chart, ...access };
}

/** Of these charts, those the viewer may read as their owner or a colleague; missing ids are absent. */
export async function findReadableCharts(
  db: StoreDb,
  viewer: Pick<User, 'id' | 'role' | 'organizationId'>,
  ids: readonly string[],
): Promise<ChartRecord[]> {
  return (await findChartsByIds(db, ids)).filter((chart) => mayReadOwned(viewer, chart));
}
