import type { dashboardRoutes } from '@querent/contracts';
import type { LimitAsks } from '../../auth/anonymous/ask-limit.ts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { uncheckedResponse } from '../../http/unchecked-response.ts';
import { abortOnClose } from '../queries/abort-on-close.ts';
import { addTile } from './add-tile.ts';
import { createDashboard } from './create-dashboard.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import { deleteDashboard } from './delete-dashboard.ts';
import { getDashboard } from './get-dashboard.ts';
import { getDashboardData } from './get-dashboard-data.ts';
import { listDashboards } from './list-dashboards.ts';
import { listFilterValues } from './list-filter-values.ts';
import { removeTile } from './remove-tile.ts';
import { updateDashboard } from './update-dashboard.ts';

/**
 * Dashboards: parse → use case → present. `limitAsks` counts opening a dashboard's data against
 * the caller's allowance (the anonymous sandbox's), as SQL runs are.
 */
export function dashboardHandlers(
  deps: DashboardDeps & { limitAsks?: LimitAsks },
): RouteHandlers<typeof dashboardRoutes> {
  return {
    'GET /api/dashboards': ({ user }) => listDashboards(deps, { user }),
    'POST /api/dashboards': ({ user, body }) => createDashboard(deps, { user, body }),
    'GET /api/dashboards/:id': ({ user, params }) => getDashboard(deps, { user, dashboardId: params.id }),
    'PUT /api/dashboards/:id': ({ user, params, body }) =>
      updateDashboard(deps, { user, dashboardId: params.id, body }),
    'DELETE /api/dashboards/:id': ({ user, params }) =>
      deleteDashboard(deps, { user, dashboardId: params.id }),
    'POST /api/dashboards/:id/tiles': ({ user, params, body }) =>
      addTile(deps, { user, dashboardId: params.id, body }),
    'DELETE /api/dashboards/:id/tiles/:tile': ({ user, params }) =>
      removeTile(deps, { user, dashboardId: params.id, tileId: params.tile }),
    'GET /api/dashboards/:id/data': {
      options: uncheckedResponse,
      handle: async ({ user, params, query, reply }) => {
        await deps.limitAsks?.(user);
        const { signal, done } = abortOnClose(reply);
        try {
          return await getDashboardData(deps, { user, dashboardId: params.id, query, signal });
        } finally {
          done();
        }
      },
    },
    'GET /api/dashboards/:id/filters/:name/values': {
      options: uncheckedResponse,
      handle: async ({ user, params, reply }) => {
        await deps.limitAsks?.(user);
        const { signal, done } = abortOnClose(reply);
        try {
          return await listFilterValues(deps, { user, dashboardId: params.id, name: params.name, signal });
        } finally {
          done();
        }
      },
    },
  };
}
