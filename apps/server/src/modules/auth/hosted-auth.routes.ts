import type { authRoutes } from '@querent/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthCookie } from '../../auth/auth-cookies.ts';
import { authCookie, clearedAuthCookie, readAuthCookie } from '../../auth/auth-cookies.ts';
import type { HostedSignIn } from '../../auth/oidc/hosted-sign-in.ts';
import { signInAttemptTtlMs } from '../../auth/oidc/oidc-deps.ts';
import type { SessionEnds } from '../../auth/sessions/live-sessions.ts';
import { revokeSessionByToken } from '../../auth/sessions/revoke-sessions.ts';
import type { SessionDeps } from '../../auth/sessions/session-policy.ts';
import { sessionIdOf } from '../../auth/sessions/session-token.ts';
import type { HostedAuthConfig } from '../../config/settings/auth.ts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { WindowCounters } from '../../rate-limit/window-counter.ts';
import { answerCallbackFailuresWithPage, limitSignInRequests } from './sign-in-scopes.ts';

export interface HostedAuthDeps {
  config: HostedAuthConfig;
  signIn: HostedSignIn;
  sessions: SessionDeps;
  sessionEnds: SessionEnds;
  /** Where the sign-in limit counts: Redis across instances when configured, else this instance. */
  rateLimitCounters: WindowCounters;
}

/** Where the browser lands once signed in; the web app goes on from there to "/". */
export const signedInPath = '/logged';

function setCookie(reply: FastifyReply, cookie: AuthCookie): void {
  void reply.setCookie(cookie.name, cookie.value, cookie.options);
}

function userAgentOf(request: FastifyRequest): string | null {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent : null;
}

/** Hosted mode (AUTH_MODE=oidc): sign-in through the provider, sessions in the store. */
export function hostedAuthHandlers(deps: HostedAuthDeps): RouteHandlers<typeof authRoutes> {
  const { publicUrl, signInRateLimit } = deps.config;
  const limited = limitSignInRequests(deps.rateLimitCounters, signInRateLimit);
  const pageFailures = answerCallbackFailuresWithPage(publicUrl);

  /** The browser's session before this sign-in ends: each sign-in starts from a new token. */
  async function endPreviousSession(request: FastifyRequest): Promise<void> {
    const ended = await revokeSessionByToken(
      deps.sessions,
      readAuthCookie('session', publicUrl, request.cookies),
    );
    if (ended) deps.sessionEnds.sessionEnded(ended.id);
  }

  return {
    'GET /api/auth': {
      scope: limited('start'),
      handle: async ({ query, reply }) => {
        const started = await deps.signIn.startSignIn({ signUp: query.signup === 'true' });
        // The state goes to this browser too: the callback is accepted only where the sign-in began.
        if (started.state !== null) {
          setCookie(reply, authCookie('sign-in', publicUrl, started.state, signInAttemptTtlMs / 1000));
        }
        void reply.header('cache-control', 'no-store');
        return { authorization_url: started.url };
      },
    },
    'GET /api/auth/callback': {
      scope: async (scope) => {
        await limited('callback')(scope);
        pageFailures(scope);
      },
      handle: async ({ request, reply }) => {
        const browserState = readAuthCookie('sign-in', publicUrl, request.cookies);
        const completed = await deps.signIn.completeSignIn({
          callbackUrl: request.url,
          browserState,
          userAgent: userAgentOf(request),
          ip: request.ip,
        });
        await endPreviousSession(request);
        setCookie(reply, clearedAuthCookie('sign-in', publicUrl));
        setCookie(reply, authCookie('session', publicUrl, completed.token, completed.maxAgeSeconds));
        // A sign-in started for an app's authorization (/oauth) goes back to it; any other to the app.
        const next = completed.returnTo.startsWith('/oauth/') ? completed.returnTo : signedInPath;
        await reply.header('cache-control', 'no-store').redirect(next, 302);
      },
    },
    'POST /api/auth/logout': async ({ request, reply }) => {
      const sessionToken = readAuthCookie('session', publicUrl, request.cookies);
      const { logoutUrl } = await deps.signIn.signOut({ sessionToken });
      if (sessionToken !== null) deps.sessionEnds.sessionEnded(sessionIdOf(sessionToken));
      setCookie(reply, clearedAuthCookie('session', publicUrl));
      return { logout_url: logoutUrl };
    },
  };
}
