import { authUrlSchema, logoutSchema } from '@querent/contracts';
import type { AppConfig } from '../../config/load-config.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';

// Local mode has no sign-in page: the user is always signed in. Null (not "/") so that a client whose
// user check failed (server restarting, say) lands on /login instead of reloading "/" in a loop.
const signInUrl: Record<AppConfig['authMode'], string | null> = { local: null };

export function registerAuthRoutes(app: ZodApp, deps: { mode: AppConfig['authMode'] }): void {
  app.get(
    '/api/auth',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'Where the browser goes to sign in',
        description:
          'In local mode the user is always signed in and there is no sign-in page: `authorization_url` is null.',
        response: { 200: authUrlSchema, ...errorResponses },
      },
    },
    () => ({ authorization_url: signInUrl[deps.mode] }),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        description: 'In local mode there is no session to end: `logout_url` is null.',
        response: { 200: logoutSchema, ...errorResponses },
      },
    },
    () => ({ logout_url: null }),
  );
}
