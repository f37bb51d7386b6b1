import type { FavoriteChart, FavoriteQuery, Favorites } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { authorizeKind } from '../access/authorize.ts';
import { findReadableCharts } from '../charts/chart-access.ts';
import { presentChart } from '../charts/present-chart.ts';
import { resolveContext } from '../context/resolve-context.ts';
import { presentQuery } from '../queries/present-query.ts';
import { findReadableQueries } from '../queries/query-access.ts';
import { readStoredPreview } from '../queries/stored-preview.ts';
import type { User } from '../users/user.ts';
import { favoriteSubject } from './favorite-subject.ts';
import { listFavoriteEntries } from './favorites.repo.ts';

/** Rows a favourite query card shows. */
export const queryPreviewRows = 20;
/** Rows a favourite chart draws: enough for a readable chart, bounded for a page of cards. */
export const chartPreviewRows = 1000;

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
  authorizeKind(user, 'read', favoriteSubject(user), 'You may not see these favourites');
  const { database } = await resolveContext(db, user, input.contextId);
  const entries = await listFavoriteEntries(db, user.id);
  const idsOf = (type: 'query' | 'chart') =>
    entries.filter((entry) => entry.itemType === type).map((entry) => entry.itemId);

  const charts = await findReadableCharts(db, user, idsOf('chart'));
  const queryIds = [...new Set([...idsOf('query'), ...charts.map((chart) => chart.queryId)])];
  const queries = new Map(
    (await findReadableQueries(db, user, queryIds))
      .filter((query) => query.databaseId === database.id)
      .map((query) => [query.id, query]),
  );

  const favoriteQueries: FavoriteQuery[] = [];
  for (const id of idsOf('query')) {
    const query = queries.get(id);
    if (!query) continue;
    favoriteQueries.push({
      ...presentQuery(query, user, true),
      preview: await readStoredPreview(db, query, queryPreviewRows),
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
      preview: await readStoredPreview(db, query, chartPreviewRows),
    });
  }
  return { queries: favoriteQueries, charts: favoriteCharts };
}
