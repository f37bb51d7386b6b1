import type { FastifyRequest } from 'fastify';
import type { AnonymousVisitors } from '../auth/anonymous/anonymous-visitors.ts';
import type { AuthResolver } from '../auth/resolve-user.ts';
import { AppError } from '../errors.ts';
import type { User } from '../modules/users/user.ts';
import type { ZodApp } from './zod-app.ts';

/**
 * - required: the request is refused with 401 unless the user is known;
 * - optional: the user is resolved when possible (sign-in and sign-out endpoints);
 * - public: nothing is resolved (health checks, static files).
 */
export type RouteAuth = 'required' | 'optional' | 'public';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    /** The signed-in session the request came with; null in local mode or without one. */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

// API routes are closed unless they say otherwise, so a forgotten declaration fails safe.
function routeAuth(request: FastifyRequest): RouteAuth {
  const declared = request.routeOptions.config.auth;
  if (declared) return declared;
  const url = request.routeOptions.url ?? '';
  return url.startsWith('/api/') && !url.startsWith('/api/docs') ? 'required' : 'public';
}

/**
 * `visitors` is the anonymous sandbox (null when it is off): a visitor without a session who calls
 * a route that needs one becomes an anonymous user instead of being refused.
 */
export function registerHttpAuth(
  app: ZodApp,
  resolver: AuthResolver,
  visitors: AnonymousVisitors | null = null,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  // onRequest, before the body is read: an anonymous caller costs no parsing.
  app.addHook('onRequest', async (request, reply) => {
    const mode = routeAuth(request);
    if (mode === 'public') return;
    const credentials = { headers: request.headers, cookies: request.cookies };
    const caller = await resolver.resolveCaller(credentials);
    request.user = caller?.user ?? null;
    request.sessionId = caller?.sessionId ?? null;
    if (mode !== 'required' || request.user) return;
    const userAgent = request.headers['user-agent'];
    const admitted = await visitors?.admit({
      credentials,
      ip: request.ip,
      userAgent: typeof userAgent === 'string' ? userAgent : null,
    });
    if (!admitted) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
    request.user = admitted.caller.user;
    request.sessionId = admitted.caller.sessionId;
    void reply.setCookie(admitted.cookie.name, admitted.cookie.value, admitted.cookie.options);
  });
}

/** The signed-in user of a route declared `required`; a programming error otherwise. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  return request.user;
}
