import type { authRoutes } from '@querent/contracts';
import type { AppConfig } from '../../config/load-config.ts';
import type { RouteHandlers } from '../../http/register-routes.ts';

// Local mode has no sign-in page: the user is always signed in. Null (not "/") so that a client whose
// user check failed (server restarting, say) lands on /login instead of reloading "/" in a loop.
const signInUrl: Record<AppConfig['authMode'], string | null> = { local: null };

export function authHandlers(deps: { mode: AppConfig['authMode'] }): RouteHandlers<typeof authRoutes> {
  return {
    'GET /api/auth': () => ({ authorization_url: signInUrl[deps.mode] }),
    'POST /api/auth/logout': () => ({ logout_url: null }),
  };
}
