import { authCallbackQuerySchema, authQuerySchema, authUrlSchema, logoutSchema } from '../user.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['auth'];

export const authRoutes = {
  'GET /api/auth': route({
    summary: 'Where the browser goes to sign in',
    description:
      "Hosted mode: the provider's sign-in page (with `signup=true`, its registration page), and a cookie that ties the coming callback to this browser. Local mode: the user is always signed in and there is no sign-in page, so `authorization_url` is null.",
    tags,
    auth: 'optional',
    query: authQuerySchema,
    response: authUrlSchema,
  }),
  'GET /api/auth/callback': route({
    summary: 'Where the provider sends the browser back after sign-in',
    description:
      'Opened by the browser, never called: it finishes the sign-in, starts a session and redirects to /logged. A sign-in that cannot finish answers an HTML page that says why, with a way back to sign in. Local mode has nothing to finish and redirects to /logged.',
    tags,
    auth: 'public',
    kind: 'page',
    status: 302,
    query: authCallbackQuerySchema,
  }),
  'POST /api/auth/logout': route({
    summary: 'Sign out',
    description:
      "Hosted mode ends this browser's session and answers the provider's sign-out page as `logout_url` when it has one. Local mode has no session to end: `logout_url` is null.",
    tags,
    auth: 'optional',
    response: logoutSchema,
  }),
} satisfies RouteTable;
