import type { DashboardDataQuery, RouteBody } from '@querent/contracts';
import type { RouteCalls } from './call-route.ts';

/**
 * Dashboards, their tiles and their tiles' data. Not part of `createApi`: only the dashboard pages
 * and the pin dialog call these, so they load with them (`useDashboardsApi`), not with /chat/new.
 */
export function createDashboardsApi({ call }: RouteCalls) {
  return {
    list: () => call('GET /api/dashboards'),
    get: (id: string) => call('GET /api/dashboards/:id', { params: { id } }),
    create: (body: RouteBody<'POST /api/dashboards'>) => call('POST /api/dashboards', { body }),
    /** Names the version the change was made from; a stale one is refused with 409. */
    update: (id: string, body: RouteBody<'PUT /api/dashboards/:id'>) =>
      call('PUT /api/dashboards/:id', { params: { id }, body }),
    remove: (id: string) => call('DELETE /api/dashboards/:id', { params: { id } }),
    addTile: (id: string, body: RouteBody<'POST /api/dashboards/:id/tiles'>) =>
      call('POST /api/dashboards/:id/tiles', { params: { id }, body }),
    removeTile: (id: string, tile: string) =>
      call('DELETE /api/dashboards/:id/tiles/:tile', { params: { id, tile } }),
    /** Every query and metric tile run now for the user, narrowed by `f.<name>` filter values; aborting cancels the statements. */
    data: (id: string, filters: DashboardDataQuery = {}, signal?: AbortSignal) =>
      call('GET /api/dashboards/:id/data', { params: { id }, query: filters, signal }),
    /** Values to offer for one of the dashboard's filters, from the data. */
    filterValues: (id: string, name: string) =>
      call('GET /api/dashboards/:id/filters/:name/values', { params: { id, name } }),
    /** Public links: made and revoked by the owner; the address is answered once. */
    createLink: (id: string, body: RouteBody<'POST /api/dashboards/:id/links'> = {}) =>
      call('POST /api/dashboards/:id/links', { params: { id }, body }),
    links: (id: string) => call('GET /api/dashboards/:id/links', { params: { id } }),
    revokeLink: (id: string, linkId: string) =>
      call('DELETE /api/dashboards/:id/links/:link', { params: { id, link: linkId } }),
    /** What a public link shows, without signing in. */
    publicDashboard: (token: string) => call('GET /api/public/dashboards/:token', { params: { token } }),
    publicData: (token: string, filters: DashboardDataQuery = {}, signal?: AbortSignal) =>
      call('GET /api/public/dashboards/:token/data', { params: { token }, query: filters, signal }),
    publicFilterValues: (token: string, name: string) =>
      call('GET /api/public/dashboards/:token/filters/:name/values', { params: { token, name } }),
    /** The user's saved queries, to pin one. */
    savedQueries: () => call('GET /api/queries'),
  };
}

export type DashboardsApi = ReturnType<typeof createDashboardsApi>;
