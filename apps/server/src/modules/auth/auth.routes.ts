import type { authRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { HostedAuthDeps } from './hosted-auth.routes.ts';
import { hostedAuthHandlers, signedInPath } from './hosted-auth.routes.ts';

/**
 * Local mode has no sign-in page: the user is always signed in. Null (not "/") so that a client
 * whose user check failed (server restarting, say) lands on /login instead of reloading "/" in a
 * loop; there is no session to end and no sign-in to finish.
 */
function localAuthHandlers(): RouteHandlers<typeof authRoutes> {
  return {
    'GET /api/auth': () => ({ authorization_url: null }),
    'GET /api/auth/callback': async ({ reply }) => {
      await reply.redirect(signedInPath, 302);
    },
    'POST /api/auth/logout': () => ({ logout_url: null }),
  };
}

/** The sign-in endpoints of the mode the app runs in: hosted when its sign-in deps are given. */
export function authHandlers(deps: { hosted: HostedAuthDeps | null }): RouteHandlers<typeof authRoutes> {
  return deps.hosted === null ? localAuthHandlers() : hostedAuthHandlers(deps.hosted);
}
