import type { AddTileBody, ChartConfig, Dashboard, TileLayout } from '@querent/contracts';
import { dashboardGridColumns } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { User } from '../users/user.ts';
import { checkChartConfig } from '../charts/chart-config.ts';
import { chartableColumns } from '../charts/result-columns.ts';
import { requireDatabase } from '../databases/database-access.ts';
import { requireQuery } from '../queries/query-access.ts';
import { compileForDatabase } from '../semantic-models/compile-for-database.ts';
import { dashboardNotFound, requireDashboard } from './dashboard-access.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import type { NewTile } from './dashboard-record.ts';
import { insertTile, listTiles } from './dashboards.repo.ts';
import { freePlace } from './free-place.ts';
import { getDashboard } from './get-dashboard.ts';

/** A tile added without a place goes to the first free one: half the grid wide, text the whole width. */
async function placeFree(
  deps: DashboardDeps,
  dashboardId: string,
  kind: NewTile['kind'],
): Promise<TileLayout> {
  const taken = (await listTiles(deps.db, dashboardId)).map((tile) => tile.layout);
  return freePlace(
    taken,
    kind === 'text' ? { w: dashboardGridColumns, h: 2 } : { w: dashboardGridColumns / 2, h: 4 },
  );
}

/** The pinned query's failure names the body's field, not the chart builder's. */
function asTileField(error: unknown): never {
  if (error instanceof AppError && error.field === 'queryId') {
    throw new AppError(error.code, error.message, { field: 'savedQueryId', cause: error });
  }
  throw error;
}

/** A saved query the caller may read, its chart checked against its result's columns. */
async function queryTile(
  deps: DashboardDeps,
  user: User,
  body: AddTileBody & { savedQueryId: string },
): Promise<Omit<Extract<NewTile, { kind: 'query' }>, 'layout'>> {
  const { query, database } = await requireQuery(deps.db, user, body.savedQueryId, 'read');
  if (!query.isSaved) {
    throw new AppError('BAD_REQUEST', 'Only a saved query can be pinned: save it first', {
      field: 'savedQueryId',
    });
  }
  const chart: ChartConfig | null = body.chart ?? null;
  if (chart !== null) {
    const columns = await chartableColumns(deps, { user, query, database }).catch(asTileField);
    checkChartConfig(chart, columns, 'chart');
  }
  return { kind: 'query', queryId: query.id, title: body.title ?? query.title, chart };
}

/** A metric query the database's semantic model answers, its chart checked against the query's fields. */
async function metricTile(
  deps: DashboardDeps,
  user: User,
  body: AddTileBody & { metricQuery: NonNullable<AddTileBody['metricQuery']>; databaseId: string },
): Promise<Omit<Extract<NewTile, { kind: 'metric' }>, 'layout'>> {
  const database = await requireDatabase(deps.db, user, body.databaseId, 'run');
  const compiled = await compileForDatabase(deps, {
    database,
    query: body.metricQuery,
    fieldPrefix: 'metricQuery',
  });
  const chart: ChartConfig | null = body.chart ?? null;
  if (chart !== null) {
    const columns = compiled.columns.map((column) => ({ name: column.name, type: column.kind }));
    checkChartConfig(chart, columns, 'chart');
  }
  return {
    kind: 'metric',
    databaseId: database.id,
    metricQuery: body.metricQuery,
    title: body.title ?? null,
    chart,
  };
}

async function tileOf(deps: DashboardDeps, user: User, body: AddTileBody) {
  if (body.savedQueryId !== undefined)
    return queryTile(deps, user, { ...body, savedQueryId: body.savedQueryId });
  if (body.metricQuery !== undefined && body.databaseId !== undefined) {
    return metricTile(deps, user, { ...body, metricQuery: body.metricQuery, databaseId: body.databaseId });
  }
  // The body's schema lets nothing else through.
  return { kind: 'text' as const, text: body.text ?? '', title: body.title ?? null };
}

/**
 * POST /api/dashboards/{id}/tiles: the owner adds a saved query (one they may read), a metric
 * query (checked against its database's semantic model) or Markdown. A new tile changes nobody's
 * arrangement, so no version is asked; the dashboard's version still goes up by one.
 */
export async function addTile(
  deps: DashboardDeps,
  input: { user: User; dashboardId: string; body: AddTileBody },
): Promise<Dashboard> {
  const dashboard = await requireDashboard(deps.db, input.user, input.dashboardId, 'edit');
  const tile = await tileOf(deps, input.user, input.body);
  const layout = input.body.layout ?? (await placeFree(deps, dashboard.id, tile.kind));
  const id = await insertTile(deps.db, dashboard.id, { ...tile, layout });
  if (id === null) throw dashboardNotFound();
  return getDashboard(deps, { user: input.user, dashboardId: dashboard.id });
}
