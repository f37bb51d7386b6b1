import type { FavoriteChart, FavoriteQuery, Favorites, ResultPreview } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { resolveContext } from '../context/resolve-context.ts';
import { findChartsByIds } from '../charts/charts.repo.ts';
import { presentChart } from '../charts/present-chart.ts';
import { presentQuery } from '../queries/present-query.ts';
import type { QueryRecord } from '../queries/query-record.ts';
import { findQueriesByIds, readQueryRows } from '../queries/queries.repo.ts';
import { mayReadOwned } from '../queries/query-access.ts';
import type { User } from '../users/user.ts';
import { listFavoriteEntries } from './favorites.repo.ts';

/** Rows a favourite query card shows. */
export const queryPreviewRows = 20;
/** Rows a favourite chart draws: enough for a readable chart, bounded for a page of cards. */
export const chartPreviewRows = 1000;

/** The stored last result's first rows; null when the query never ran, failed, or keeps no rows. */
async function preview(db: StoreDb, query: QueryRecord, limit: number): Promise<ResultPreview | null> {
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

/**
 * GET /api/favorites?contextId=: the user's starred queries and charts on the context's
 * database, most recently starred first, each with a preview from its stored last result —
 * nothing is run. Items the user can no longer read are left out.
 */
export async function listFavorites(
  deps: { db: StoreDb },
  input: { user: User; contextId: string },
): Promise<Favorites> {
  const { db } = deps;
  const { user } = input;
  const { database } = await resolveContext(db, user, input.contextId);
  const entries = await listFavoriteEntries(db, user.id);
  const idsOf = (type: 'query' | 'chart') =>
    entries.filter((entry) => entry.itemType === type).map((entry) => entry.itemId);

  const charts = (await findChartsByIds(db, idsOf('chart'))).filter((chart) => mayReadOwned(user, chart));
  const queryIds = [...new Set([...idsOf('query'), ...charts.map((chart) => chart.queryId)])];
  const queries = new Map(
    (await findQueriesByIds(db, queryIds))
      .filter((query) => query.databaseId === database.id && mayReadOwned(user, query))
      .map((query) => [query.id, query]),
  );

  const favoriteQueries: FavoriteQuery[] = [];
  for (const id of idsOf('query')) {
    const query = queries.get(id);
    if (!query) continue;
    favoriteQueries.push({
      ...presentQuery(query, user, true),
      preview: await preview(db, query, queryPreviewRows),
    });
  }
  const chartsById = new Map(charts.map((chart) => [chart.id, chart]));
  const favoriteCharts: FavoriteChart[] = [];
  for (const id of idsOf('chart')) {
    const chart = chartsById.get(id);
    const query = chart ? queries.get(chart.queryId) : undefined;
    if (!chart || !query) continue;
    favoriteCharts.push({
      ...presentChart(chart, user, true),
      query: { id: query.id, title: query.title, sql: query.sql },
      preview: await preview(db, query, chartPreviewRows),
    });
  }
  return { queries: favoriteQueries, charts: favoriteCharts };
}
