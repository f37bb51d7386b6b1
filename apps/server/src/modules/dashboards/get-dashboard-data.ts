import type { DashboardData, DashboardDataQuery } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import { requireDashboard } from './dashboard-access.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import type { DashboardRecord, TileRecord } from './dashboard-record.ts';
import { listTiles } from './dashboards.repo.ts';
import { mapFewAtATime } from './map-few-at-a-time.ts';
import { filtersOfTile, readFilterValues } from './read-filter-values.ts';
import { runTile } from './run-tile.ts';
import type { TileEntityCache } from './tile-entities.ts';

/** Tiles run side by side, a few at a time, so one dashboard never holds many connections at once. */
const tilesAtATime = 3;

/**
 * GET /api/dashboards/{id}/data: every query and metric tile runs now for the caller, with their
 * access (a database they may not read is "no access" on its tile, never its data), narrowed by
 * the filter values given. Text tiles have no data.
 */
export async function getDashboardData(
  deps: DashboardDeps,
  input: {
    user: Actor;
    dashboardId: string;
    /** `f.<name>`: the values chosen for the dashboard's filters. */
    query?: DashboardDataQuery | undefined;
    signal?: AbortSignal | undefined;
  },
): Promise<DashboardData> {
  const dashboard = await requireDashboard(deps.db, input.user, input.dashboardId, 'read');
  return runDashboardTiles(deps, { dashboard, viewer: input.user, query: input.query, signal: input.signal });
}

/**
 * Runs every query and metric tile of a dashboard for `viewer` (the caller, or a public link's
 * creator), narrowed by the filter values given.
 */
export async function runDashboardTiles(
  deps: DashboardDeps,
  input: {
    dashboard: DashboardRecord;
    viewer: Actor;
    query?: DashboardDataQuery | undefined;
    signal?: AbortSignal | undefined;
    /** false: the tiles name no business entities (a public link shows the data only). */
    withEntities?: boolean;
  },
): Promise<DashboardData> {
  const { dashboard } = input;
  const values = readFilterValues(dashboard.filters, input.query);
  const tiles = (await listTiles(deps.db, dashboard.id)).filter(
    (tile): tile is Exclude<TileRecord, { kind: 'text' }> => tile.kind !== 'text',
  );
  const entities: TileEntityCache = new Map();
  const data = await mapFewAtATime(tiles, tilesAtATime, (tile) =>
    runTile(deps, {
      viewer: input.viewer,
      tile,
      filters: filtersOfTile(dashboard.filters, values, tile.id),
      signal: input.signal,
      entities: input.withEntities === false ? undefined : entities,
    }),
  );
  return { dashboardId: dashboard.id, version: dashboard.version, tiles: data };
}
