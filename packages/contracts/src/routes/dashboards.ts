import { z } from 'zod';
import {
  addTileBodySchema,
  createDashboardBodySchema,
  dashboardDataSchema,
  dashboardSchema,
  dashboardSummarySchema,
  tileParamsSchema,
  updateDashboardBodySchema,
} from '../dashboards.ts';
import {
  createDashboardLinkBodySchema,
  createdDashboardLinkSchema,
  dashboardLinkSchema,
  publicLinkTokenSchema,
} from '../dashboard-links.ts';
import {
  dashboardDataQuerySchema,
  dashboardFilterNameSchema,
  filterValuesSchema,
} from '../dashboard-filters.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['dashboards'];

export const dashboardRoutes = {
  'GET /api/dashboards': route({
    summary: 'The dashboards the caller may see: their own, their organisation’s shared ones, public ones',
    description: 'Most recently changed first, without their tiles.',
    tags,
    auth: 'required',
    response: z.array(dashboardSummarySchema),
  }),
  'POST /api/dashboards': route({
    summary: 'Create an empty dashboard, private to its creator',
    tags,
    auth: 'required',
    body: createDashboardBodySchema,
    status: 201,
    response: dashboardSchema,
  }),
  'GET /api/dashboards/:id': route({
    summary: 'A dashboard with its tiles and their layout',
    tags,
    auth: 'required',
    params: idParamsSchema,
    response: dashboardSchema,
  }),
  'PUT /api/dashboards/:id': route({
    summary: 'Change the name, description, layout or public flag (its owner only)',
    description:
      'The body names the `version` it was made from: a dashboard changed since is refused with 409, so nobody overwrites someone else’s layout. `layout` moves the tiles it names; the others stay. Making it public is `publish`.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: updateDashboardBodySchema,
    response: dashboardSchema,
  }),
  'DELETE /api/dashboards/:id': route({
    summary: 'Delete a dashboard with its tiles (its owner only); the saved queries stay',
    tags,
    auth: 'required',
    params: idParamsSchema,
    status: 204,
  }),
  'POST /api/dashboards/:id/tiles': route({
    summary: 'Add a tile: a saved query (`savedQueryId`), a metric query, or Markdown text',
    description:
      'A saved query must be one the caller may read; a metric query is checked against its database’s semantic model (400 naming the field). The answer is the dashboard, its version one higher.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: addTileBodySchema,
    status: 201,
    response: dashboardSchema,
  }),
  'DELETE /api/dashboards/:id/tiles/:tile': route({
    summary: 'Remove a tile (the saved query stays); the answer is the dashboard, its version one higher',
    tags,
    auth: 'required',
    params: tileParamsSchema,
    response: dashboardSchema,
  }),
  'GET /api/dashboards/:id/data': route({
    summary: 'Every query and metric tile’s columns, rows and when they were computed',
    description:
      'Each tile runs now, read-only, for the caller (their access, safe mode, row cap, time limit), rows bounded per tile. A tile whose database the caller may not read answers `error: "no access"` and no data; a failing one the database’s message. `f.<name>` gives a filter’s value (`from..to` for a date or number range, repeated for several category values); the tiles it is bound to are filtered with the values bound by the driver, never spliced into SQL.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    query: dashboardDataQuerySchema,
    response: dashboardDataSchema,
  }),
  'GET /api/dashboards/:id/filters/:name/values': route({
    summary: 'Values to offer for a filter, read from the data of the tile it is first bound to',
    description:
      'The distinct values of the bound column (or dimension), at most 100, run for the caller like the tile itself.',
    tags,
    auth: 'required',
    params: z.object({ id: z.string().min(1), name: dashboardFilterNameSchema }),
    response: filterValuesSchema,
  }),
  'POST /api/dashboards/:id/links': route({
    summary: 'Make a public link to the dashboard: anyone with its address sees it, read-only',
    description:
      'Its owner only (`publish`). The answer holds the address (`url`), shown this once: the store keeps a hash of its token. The tiles run as the link’s creator, read-only; `expiresAt` ends it.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: createDashboardLinkBodySchema,
    status: 201,
    response: createdDashboardLinkSchema,
  }),
  'GET /api/dashboards/:id/links': route({
    summary: 'The dashboard’s public links, without their addresses (its owner only)',
    tags,
    auth: 'required',
    params: idParamsSchema,
    response: z.array(dashboardLinkSchema),
  }),
  'DELETE /api/dashboards/:id/links/:link': route({
    summary: 'Revoke a public link: its address is gone at once',
    tags,
    auth: 'required',
    params: z.object({ id: z.string().min(1), link: z.string().min(1) }),
    status: 204,
  }),
  'GET /api/public/dashboards/:token': route({
    summary: 'The dashboard of a public link, read-only, without signing in',
    description: 'A revoked, expired or unknown link is a 404. Rate-limited per address.',
    tags,
    auth: 'public',
    params: z.object({ token: publicLinkTokenSchema }),
    response: dashboardSchema,
  }),
  'GET /api/public/dashboards/:token/data': route({
    summary: 'The tiles of a public link’s dashboard, run as the link’s creator, read-only',
    description: 'Takes the filter values as `f.<name>` like the signed-in route. Rate-limited per address.',
    tags,
    auth: 'public',
    params: z.object({ token: publicLinkTokenSchema }),
    query: dashboardDataQuerySchema,
    response: dashboardDataSchema,
  }),
  'GET /api/public/dashboards/:token/filters/:name/values': route({
    summary: 'Values to offer for a filter of a public link’s dashboard',
    tags,
    auth: 'public',
    params: z.object({ token: publicLinkTokenSchema, name: dashboardFilterNameSchema }),
    response: filterValuesSchema,
  }),
} satisfies RouteTable;
