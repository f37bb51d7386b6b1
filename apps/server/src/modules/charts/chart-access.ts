import type { Action } from '../access/access-words.ts';
import { authorize } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { requireQuery } from '../queries/query-access.ts';
import type { QueryRecord } from '../queries/query-record.ts';
import { ownedSubject, querySubject } from '../queries/query-subject.ts';
import type { ChartRecord } from './chart-record.ts';
import { findChartById, findChartsByIds } from './charts.repo.ts';

export function chartNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Chart not found');
}

/** A chart is private until shared, and hidden as soon as its query is. */
export async function requireChart(
  db: StoreDb,
  actor: Actor,
  id: string,
  needed: Action | 'write',
): Promise<{ chart: ChartRecord; query: QueryRecord; database: DatabaseRecord }> {
  const chart = await findChartById(db, id);
  if (!chart) throw chartNotFound();
  const { query, database } = await requireQuery(db, actor, chart.queryId, 'read').catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw chartNotFound();
    throw error;
  });
  authorize(
    actor,
    needed === 'write' ? 'edit' : needed,
    ownedSubject('chart', chart, querySubject(query, database)),
    {
      notFound: chartNotFound,
      forbidden: () => new AppError('FORBIDDEN', 'Only the owner of this chart can change it'),
    },
  );
  return { chart, query, database };
}

/** Of these charts, those the actor may read by their own rule; missing ids are absent. */
export async function findReadableCharts(
  db: StoreDb,
  actor: Actor,
  ids: readonly string[],
): Promise<ChartRecord[]> {
  return (await findChartsByIds(db, ids)).filter((chart) =>
    can(actor, 'read', ownedSubject('chart', chart, undefined)),
  );
}
