import { apiKeyScopes } from '@querent/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { ZodApp } from '../../http/zod-app.ts';
import { handOver } from './hand-over.ts';
import type { OauthUrls } from './oauth-urls.ts';
import { OAUTH_PATH, PROTECTED_RESOURCE_METADATA_PATH } from './oauth-urls.ts';

/** The raw request as oidc-provider (Koa) reads a mounted app's: its path below the mount. */
async function delegate(
  provider: () => Promise<Provider>,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
) {
  const callback = (await provider()).callback();
  const raw = request.raw as typeof request.raw & { originalUrl?: string };
  const query = raw.url?.includes('?') ? raw.url.slice(raw.url.indexOf('?')) : '';
  raw.originalUrl = `${OAUTH_PATH}${path}${query}`;
  raw.url = `${path}${query}`;
  return handOver(reply, () => callback(raw, reply.raw));
}

/**
 * The authorization server's endpoints under /oauth (authorize, token, register, revoke, jwks,
 * discovery), answered by oidc-provider itself, which reads its own bodies; and the two metadata
 * documents clients start from, at the addresses the RFCs name: the MCP resource's (RFC 9728)
 * and the authorization server's (RFC 8414, the issuer's path after the well-known prefix).
 */
export async function registerOauthEndpoints(
  app: ZodApp,
  deps: {
    provider: () => Promise<Provider>;
    urls: OauthUrls;
    /** Counts each address's requests to these endpoints: guessing codes or flooding registration is cut short. */
    limit: (scope: ZodApp) => Promise<void>;
  },
) {
  const { provider, urls } = deps;
  const resourceMetadata = {
    resource: urls.resource,
    authorization_servers: [urls.issuer],
    scopes_supported: [...apiKeyScopes],
    bearer_methods_supported: ['header'],
    resource_name: 'Querent',
  };
  for (const path of [PROTECTED_RESOURCE_METADATA_PATH, '/.well-known/oauth-protected-resource']) {
    app.get(path, { config: { auth: 'public' } }, (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .header('access-control-allow-origin', '*')
        .send(resourceMetadata),
    );
  }
  // RFC 8414 puts the issuer's path after the well-known name; OpenID's discovery is the same
  // document, which some clients try first.
  for (const path of [
    `/.well-known/oauth-authorization-server${OAUTH_PATH}`,
    `/.well-known/openid-configuration${OAUTH_PATH}`,
  ]) {
    app.get(path, { config: { auth: 'public' } }, (request, reply) =>
      delegate(provider, request, reply, '/.well-known/openid-configuration'),
    );
  }
  await app.register(async (scope) => {
    await deps.limit(scope);
    // oidc-provider reads its own request bodies (forms and JSON): Fastify leaves them unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(null, undefined);
    });
    scope.route({
      method: ['GET', 'POST', 'OPTIONS', 'DELETE', 'PUT'],
      url: `${OAUTH_PATH}/*`,
      // Token, registration and revocation take no cookie, so another site's page (a browser
      // client) may call them; oidc-provider answers CORS itself.
      config: { auth: 'public', crossSite: 'allowed' },
      handler: (request, reply) => {
        const path = (request.raw.url ?? '').split('?')[0]?.slice(OAUTH_PATH.length) || '/';
        return delegate(provider, request, reply, path);
      },
    });
  });
}
