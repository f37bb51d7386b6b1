import { connectedAppsSchema } from '../connected-apps.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['connected-apps'];

export const connectedAppRoutes = {
  'GET /api/connected-apps': route({
    summary: 'The apps (MCP clients) the user connected through OAuth',
    description: 'In local mode no app signs in: `mode` is local and the list is empty.',
    tags,
    auth: 'required',
    response: connectedAppsSchema,
  }),
  'DELETE /api/connected-apps/:id': route({
    summary: 'Disconnect an app',
    description: 'Its access and refresh tokens stop working at once, on every instance.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    status: 204,
  }),
} satisfies RouteTable;
