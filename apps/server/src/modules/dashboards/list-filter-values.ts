import type { FilterValues } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../access/can.ts';
import { requireDashboard } from './dashboard-access.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import type { DashboardRecord } from './dashboard-record.ts';
import { listTiles } from './dashboards.repo.ts';
import { runTile } from './run-tile.ts';

/** Enough choices for a list to pick from; a longer one is typed into, not scrolled. */
const offeredValues = 100;

/**
 * GET /api/dashboards/{id}/filters/{name}/values: the distinct values of what the filter is first
 * bound to (a query tile's column, a metric tile's dimension), at most 100, read for the caller
 * like the tile itself: no access to its database offers nothing.
 */
export async function listFilterValues(
  deps: DashboardDeps,
  input: { user: Actor; dashboardId: string; name: string; signal?: AbortSignal | undefined },
): Promise<FilterValues> {
  const dashboard = await requireDashboard(deps.db, input.user, input.dashboardId, 'read');
  return filterValuesOf(deps, { dashboard, viewer: input.user, name: input.name, signal: input.signal });
}

/** A filter's values read for `viewer` (the caller, or a public link's creator). */
export async function filterValuesOf(
  deps: DashboardDeps,
  input: { dashboard: DashboardRecord; viewer: Actor; name: string; signal?: AbortSignal | undefined },
): Promise<FilterValues> {
  const { dashboard } = input;
  const filter = dashboard.filters.find((candidate) => candidate.name === input.name);
  if (filter === undefined) throw new AppError('NOT_FOUND', `This dashboard has no filter ${input.name}`);
  const tiles = await listTiles(deps.db, dashboard.id);
  const binding = filter.bindings[0];
  const tile = tiles.find((candidate) => candidate.id === binding?.tileId);
  if (binding === undefined || tile === undefined || tile.kind === 'text')
    return { name: filter.name, values: [], truncated: false };
  const rowCap = offeredValues + 1;
  const data =
    tile.kind === 'query' && binding.column !== undefined
      ? await runTile(deps, {
          viewer: input.viewer,
          tile,
          valuesOf: binding.column,
          rowCap,
          signal: input.signal,
        })
      : tile.kind === 'metric' && binding.dimension !== undefined
        ? await runTile(deps, {
            viewer: input.viewer,
            tile: {
              ...tile,
              metricQuery: {
                metrics: [],
                dimensions: [{ dimension: binding.dimension }],
                filters: [],
                orderBy: [{ field: binding.dimension, direction: 'asc' }],
                ties: false,
                limit: rowCap,
              },
            },
            rowCap,
            signal: input.signal,
          })
        : null;
  if (data === null || data.error !== null) return { name: filter.name, values: [], truncated: false };
  // A value offered is text the control shows and sends back: numbers and other cells as JSON writes them.
  const values = data.rows.flatMap(([cell]) => {
    if (cell === null || cell === undefined) return [];
    return [typeof cell === 'string' ? cell : JSON.stringify(cell)];
  });
  return {
    name: filter.name,
    values: values.slice(0, offeredValues),
    truncated: values.length > offeredValues,
  };
}
