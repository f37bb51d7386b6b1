import { revokedSessionsSchema, userSessionsSchema } from '../user.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['user'];

export const sessionRoutes = {
  'GET /api/user/sessions': route({
    summary: 'The browsers signed in as the user, this one marked `current`',
    description: 'In local mode there is no sign-in: `mode` is local and the list is empty.',
    tags,
    auth: 'required',
    response: userSessionsSchema,
  }),
  'DELETE /api/user/sessions/:id': route({
    summary: 'Sign one of the user’s sessions out',
    description: 'Its browser is signed out at its next request, and its live connections close at once.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    status: 204,
  }),
  'DELETE /api/user/sessions': route({
    summary: 'Sign out everywhere else',
    description: 'Signs out every session of the user but the one making this request.',
    tags,
    auth: 'required',
    response: revokedSessionsSchema,
  }),
} satisfies RouteTable;
