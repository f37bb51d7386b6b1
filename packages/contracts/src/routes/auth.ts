import { authUrlSchema, logoutSchema } from '../user.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['auth'];

export const authRoutes = {
  'GET /api/auth': route({
    summary: 'Where the browser goes to sign in',
    description:
      'In local mode the user is always signed in and there is no sign-in page: `authorization_url` is null.',
    tags,
    auth: 'optional',
    response: authUrlSchema,
  }),
  'POST /api/auth/logout': route({
    summary: 'Sign out',
    description: 'In local mode there is no session to end: `logout_url` is null.',
    tags,
    auth: 'optional',
    response: logoutSchema,
  }),
} satisfies RouteTable;
