import type { dashboardRoutes } from '@querent/contracts';
import type { LimitAsks } from '../../auth/anonymous/ask-limit.ts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { uncheckedResponse } from '../../http/unchecked-response.ts';
import { abortOnClose } from '../queries/abort-on-close.ts';
import { addTile } from './add-tile.ts';
import { createDashboard } from './create-dashboard.ts';
import { createDashboardLink, listLinks, revokeDashboardLink } from './dashboard-links.ts';
import { deleteDashboard } from './delete-dashboard.ts';
import { getDashboard } from './get-dashboard.ts';
import { getDashboardData } from './get-dashboard-data.ts';
import { listDashboards } from './list-dashboards.ts';
import { listFilterValues } from './list-filter-values.ts';
import type { PublicDashboardDeps } from './public-dashboard.ts';
import { getPublicDashboard, getPublicDashboardData, getPublicFilterValues } from './public-dashboard.ts';
import { removeTile } from './remove-tile.ts';
import { updateDashboard } from './update-dashboard.ts';

/**
 * Dashboards and their public links: parse → use case → present. The `/api/public/…` routes ask
 * nobody to sign in; a link's token is their key, and each address is rate-limited. `limitAsks` counts opening a dashboard's data against
 * the caller's allowance (the anonymous sandbox's), as SQL runs are.
 */
export function dashboardHandlers(
  deps: PublicDashboardDeps & { limitAsks?: LimitAsks },
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
    'POST /api/dashboards/:id/links': ({ user, params, body, request }) =>
      createDashboardLink(deps, {
        user,
        dashboardId: params.id,
        body,
        origin: `${request.protocol}://${request.host}`,
      }),
    'GET /api/dashboards/:id/links': ({ user, params }) => listLinks(deps, { user, dashboardId: params.id }),
    'DELETE /api/dashboards/:id/links/:link': ({ user, params }) =>
      revokeDashboardLink(deps, { user, dashboardId: params.id, linkId: params.link }),
    'GET /api/public/dashboards/:token': ({ params, request }) =>
      getPublicDashboard(deps, { token: params.token, ip: request.ip }),
    'GET /api/public/dashboards/:token/data': {
      options: uncheckedResponse,
      handle: async ({ params, query, request, reply }) => {
        const { signal, done } = abortOnClose(reply);
        try {
          return await getPublicDashboardData(deps, { token: params.token, ip: request.ip, query, signal });
        } finally {
          done();
        }
      },
    },
    'GET /api/public/dashboards/:token/filters/:name/values': ({ params, request }) =>
      getPublicFilterValues(deps, { token: params.token, ip: request.ip, name: params.name }),
  };
}
