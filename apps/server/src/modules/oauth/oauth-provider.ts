import { apiKeyScopes } from '@querent/contracts';
import type { Configuration, JWK, KoaContextWithOIDC } from 'oidc-provider';
import Provider, { errors } from 'oidc-provider';
import type { StoreDb } from '../../store/connect.ts';
import { findUser } from '../users/find-user.ts';
import type { OauthUrls } from './oauth-urls.ts';
import { interactionPath } from './oauth-urls.ts';
import { storeAdapterFactory } from './oauth-store-adapter.ts';

/** How long an access token lasts; a client refreshes it with its (rotating) refresh token. */
const ACCESS_TOKEN_SECONDS = 60 * 60;
/** How long an app stays connected without being used: its refresh token's and grant's lifetime. */
const CONNECTION_SECONDS = 30 * 24 * 60 * 60;

export interface OauthProviderDeps {
  db: StoreDb;
  urls: OauthUrls;
  signingKey: JWK;
  cookieKey: string;
  /** Whether X-Forwarded-* headers name the public address (TRUST_PROXY). */
  trustProxy: boolean;
  /**
   * Tests only: how client ID metadata documents are fetched, instead of oidc-provider's fetch,
   * which refuses private and loopback addresses (a test serves its document on loopback).
   */
  fetchClientMetadata?: typeof fetch | undefined;
}

/**
 * Querent as an OAuth 2.1 authorization server for its own MCP endpoint, through oidc-provider:
 * authorization code with PKCE (S256 only), open dynamic client registration (public clients),
 * client ID metadata documents (an app's client_id is the https URL of its metadata, which is
 * fetched, never from a private address, and cached as its Cache-Control says: how Claude and
 * VS Code identify themselves without registering),
 * tokens bound to the one resource `PUBLIC_URL/mcp` (RFC 8707) and opaque, so each use looks them
 * up in the store and a revoked grant stops at once on every instance; `iss` in every
 * authorization response (RFC 9207); refresh tokens rotated at each use. Who signs in and what
 * they consent to is Querent's own interaction (`oauth-interactions.ts`).
 */
export function createOauthProvider(deps: OauthProviderDeps): Provider {
  const { urls } = deps;
  const configuration: Configuration = {
    adapter: storeAdapterFactory({ db: deps.db, now: () => new Date() }),
    jwks: { keys: [deps.signingKey] },
    cookies: { keys: [deps.cookieKey] },
    // The MCP scopes are the resource's (getResourceServerInfo); they are listed here too because
    // clients name them when they register. offline_access is not needed: every connected app
    // gets a refresh token.
    scopes: ['openid', 'offline_access', ...apiKeyScopes],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => urls.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextWithOIDC, resource: string) => {
          if (resource !== urls.resource)
            throw new errors.InvalidTarget(`Tokens are issued for ${urls.resource} only`);
          return {
            scope: apiKeyScopes.join(' '),
            audience: urls.resource,
            accessTokenTTL: ACCESS_TOKEN_SECONDS,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    findAccount: async (_ctx, id) => {
      const user = await findUser(deps.db, id);
      if (user === null || user.deactivatedAt !== null) return undefined;
      return { accountId: id, claims: () => ({ sub: id }) };
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // A connected app's tokens outlive the browser session it was approved in.
    expiresWithSession: () => false,
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      Interaction: 10 * 60,
      Session: 10 * 60,
      Grant: CONNECTION_SECONDS,
      RefreshToken: CONNECTION_SECONDS,
    },
    routes: {
      authorization: '/authorize',
      token: '/token',
      registration: '/register',
      revocation: '/revoke',
      jwks: '/jwks',
    },
    ...(deps.fetchClientMetadata ? { fetch: deps.fetchClientMetadata } : {}),
    renderError: (ctx, out) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `Querent could not connect the app: ${out.error_description ?? out.error}`;
    },
  };
  const provider = new Provider(urls.issuer, configuration);
  provider.proxy = deps.trustProxy;
  return provider;
}
