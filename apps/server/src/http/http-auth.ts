import type { ApiKeyScope } from '@querent/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnonymousVisitors } from '../auth/anonymous/anonymous-visitors.ts';
import type { AuthResolver, Grant, ResolveBearer } from '../auth/resolve-user.ts';
import { bearerTokenOf } from '../auth/resolve-user.ts';
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
    /** The API key the request came with (`Authorization: Bearer`); null for a person in a browser. */
    grant: Grant | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** The scope an API key needs for this route; a key may not call a route without one. */
    apiKeyScope?: ApiKeyScope;
    /** The route takes no cookie, so a page of another site may call it (same-origin-check.ts). */
    crossSite?: 'allowed';
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
 * The challenge a request without a usable Bearer token is answered with (RFC 6750), with, for
 * /mcp in hosted mode, where to learn how to get one (RFC 9728) and what to ask for.
 */
export function bearerChallenge(
  reply: FastifyReply,
  error?: 'invalid_token',
  discovery?: { resourceMetadata: string; scope: string },
): void {
  const parts = ['realm="Querent"'];
  if (error) parts.push(`error="${error}"`);
  if (discovery)
    parts.push(`resource_metadata="${discovery.resourceMetadata}"`, `scope="${discovery.scope}"`);
  void reply.header('www-authenticate', `Bearer ${parts.join(', ')}`);
}

/**
 * The cap on a key, route by route: it reaches only the routes that declare the scope a key needs
 * (reading and running ones), and only with that scope. What it may do there is capped again by
 * the policy, which lets a key's user only read and run read-only.
 */
function checkGrantReaches(request: FastifyRequest, grant: Grant): void {
  const needed = request.routeOptions.config.apiKeyScope;
  if (needed === undefined) {
    throw new AppError(
      'FORBIDDEN',
      `API keys may not call ${request.method} ${request.routeOptions.url ?? request.url}: sign in to Querent to do this`,
    );
  }
  if (!grant.scopes.includes(needed)) {
    throw new AppError('FORBIDDEN', `This API key lacks the scope ${needed}, which this route needs`);
  }
}

/** Who an `Authorization: Bearer` request is: its key's user, or a 401 saying why not. */
async function resolveBearerCaller(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  resolveBearer: ResolveBearer,
): Promise<void> {
  const resolution = await resolveBearer(token);
  if ('refused' in resolution) {
    bearerChallenge(reply, 'invalid_token');
    throw new AppError('UNAUTHORIZED', resolution.refused);
  }
  checkGrantReaches(request, resolution.grant);
  request.user = resolution.caller.user;
  request.grant = resolution.grant;
}

/**
 * `visitors` is the anonymous sandbox (null when it is off): a visitor without a session who calls
 * a route that needs one becomes an anonymous user instead of being refused. `resolveBearer` says
 * who an `Authorization: Bearer` request (an API key) is; such a request is that key or nobody,
 * never the browser's session nor local mode's administrator.
 */
export function registerHttpAuth(
  app: ZodApp,
  resolver: AuthResolver,
  visitors: AnonymousVisitors | null = null,
  resolveBearer: ResolveBearer | null = null,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('grant', null);
  // onRequest, before the body is read: an anonymous caller costs no parsing.
  app.addHook('onRequest', async (request, reply) => {
    const mode = routeAuth(request);
    if (mode === 'public') return;
    const token = resolveBearer === null ? null : bearerTokenOf(request.headers);
    if (token !== null && resolveBearer !== null) {
      await resolveBearerCaller(request, reply, token, resolveBearer);
      return;
    }
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
