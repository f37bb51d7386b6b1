import type { HostedSignIn } from '../../auth/oidc/hosted-sign-in.ts';
import type { ResolveBearer, ResolveCaller } from '../../auth/resolve-user.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { loadOnce } from '../../load-once.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import type { StoreDb } from '../../store/connect.ts';
import { cookieKeyFrom, loadSigningKey } from './oauth-keys.ts';
import { registerOauthEndpoints } from './oauth-endpoints.ts';
import { registerOauthInteractions } from './oauth-interactions.ts';
import type { OauthUrls } from './oauth-urls.ts';
import { oauthUrls } from './oauth-urls.ts';
import { resolveOauthToken } from './resolve-oauth-token.ts';

export interface OauthServer {
  urls: OauthUrls;
  /** Who an app's access token acts as, for /mcp. */
  resolveToken: ResolveBearer;
  register(app: ZodApp): Promise<void>;
}

/**
 * Hosted mode's authorization server for MCP clients. oidc-provider, large, loads at the first
 * request that needs it, and then reads its signing key from the (by then migrated) store; its
 * cookie key comes from the secret key, so every instance agrees on both.
 */
export function createOauthServer(deps: {
  db: StoreDb;
  secrets: SecretBox;
  secretKey: Buffer;
  publicUrl: string;
  trustProxy: boolean;
  resolveCaller: ResolveCaller;
  signIn: HostedSignIn;
  /** Each address's requests a minute, per group of endpoints, as the sign-in's (AUTH_RATE_LIMIT). */
  limit: (name: string) => (scope: ZodApp) => Promise<void>;
  fetchClientMetadata?: typeof fetch | undefined;
}): OauthServer {
  const urls = oauthUrls(deps.publicUrl);
  const provider = loadOnce(async () => {
    const { createOauthProvider } = await import('./oauth-provider.ts');
    return createOauthProvider({
      db: deps.db,
      urls,
      signingKey: await loadSigningKey(deps),
      cookieKey: cookieKeyFrom(deps.secretKey),
      trustProxy: deps.trustProxy,
      fetchClientMetadata: deps.fetchClientMetadata,
    });
  });
  return {
    urls,
    resolveToken: (token) => resolveOauthToken({ provider, urls, db: deps.db }, token),
    async register(app) {
      await registerOauthEndpoints(app, { provider, urls, limit: deps.limit('oauth') });
      await registerOauthInteractions(app, {
        provider,
        urls,
        publicUrl: deps.publicUrl,
        resolveCaller: deps.resolveCaller,
        signIn: deps.signIn,
        limit: deps.limit('oauth-interaction'),
      });
    },
  };
}
