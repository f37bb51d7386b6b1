import type { chartRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { FavoriteFlags } from '../queries/favorite-flags.ts';
import type { RunQueryDeps } from '../queries/run-query.ts';
import { createChart } from './create-chart.ts';
import { deleteChart } from './delete-chart.ts';
import { getChart } from './get-chart.ts';
import { updateChart } from './update-chart.ts';

export function chartHandlers(
  deps: RunQueryDeps & { favorites: FavoriteFlags },
): RouteHandlers<typeof chartRoutes> {
  return {
    'POST /api/charts': ({ user, body }) => createChart(deps, { user, body }),
    'GET /api/charts/:id': ({ user, params }) => getChart(deps, { user, chartId: params.id }),
    'PUT /api/charts/:id': ({ user, params, body }) => updateChart(deps, { user, chartId: params.id, body }),
    'DELETE /api/charts/:id': ({ user, params }) => deleteChart(deps, { user, chartId: params.id }),
  };
}
