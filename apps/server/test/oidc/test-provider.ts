import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import Provider from 'oidc-provider';
import type { IdTokenRewrite, SigningKey } from './id-token-rewrites.ts';
import type { TestUser } from './test-users.ts';
import { newcomer, testUsers } from './test-users.ts';

export interface TestClient {
  clientId: string;
  /** Confidential client: authenticates at the token endpoint with HTTP Basic. */
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

export interface TestProviderOptions {
  clients: TestClient[];
  /** People the login form knows; default testUsers. Unknown logins count as new sign-ups. */
  users?: TestUser[];
  /** false: no end_session_endpoint announced or served, as with providers that lack RP-initiated logout. */
  endSession?: boolean;
  /** A fixed port, e.g. to bring a stopped provider back at the same issuer; default a free one. */
  port?: number;
}

export interface TestProvider {
  /** http://127.0.0.1:PORT, the issuer and the discovery base. */
  issuer: string;
  port: number;
  /** The people the login form knows, by subject; change one to change their next claims. */
  users: Map<string, TestUser>;
  /** Authorization requests that asked for the registration page (prompt=create). */
  signUpRequests: number;
  /** The next token response carries its ID token through this rewrite; later ones are left alone. */
  rewriteNextIdToken(rewrite: IdTokenRewrite): void;
  stop(): Promise<void>;
}

function newSigningKey(): { key: SigningKey; jwk: Record<string, unknown> } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  return {
    key: { kid, privateKey },
    jwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
  };
}

/**
 * The provider's whole configuration, kept to what the sign-in tests exercise:
 * - the built-in development login and consent pages (`devInteractions`): any login is accepted
 *   with any password, and the login is the subject;
 * - claims by scope: `email`, `profile` (given/family name, picture) and `org` (organisation);
 *   with the code flow they are released by the userinfo endpoint, not inside the ID token;
 * - PKCE for every client, and RP-initiated logout unless turned off.
 */
function providerConfiguration(
  options: TestProviderOptions,
  users: Map<string, TestUser>,
  jwk: Record<string, unknown>,
): Configuration {
  const endSession = options.endSession ?? true;
  return {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    findAccount: (_ctx, sub) => {
      const user = users.get(sub) ?? newcomer(sub);
      return { accountId: sub, claims: () => ({ ...user }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
      org: ['org'],
    },
    jwks: { keys: [jwk] },
    cookies: { keys: [randomUUID()] },
    pkce: { required: () => true },
    // Lifetimes in seconds, stated so the provider does not warn about its defaults.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: endSession },
    },
    // Announced so relying parties know `prompt=create` opens a registration page.
    discovery: { prompt_values_supported: ['none', 'login', 'consent', 'create'] },
  };
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts a real OpenID Connect provider (oidc-provider) on 127.0.0.1. */
export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const server = http.createServer();
  const port = await listen(server, options.port ?? 0);
  const issuer = `http://127.0.0.1:${port}`;
  const { key, jwk } = newSigningKey();
  const users = new Map((options.users ?? Object.values(testUsers)).map((user) => [user.sub, { ...user }]));
  const provider = new Provider(issuer, providerConfiguration(options, users, jwk));
  const pendingRewrites: IdTokenRewrite[] = [];
  const state: TestProvider = {
    issuer,
    port,
    users,
    signUpRequests: 0,
    rewriteNextIdToken: (rewrite) => pendingRewrites.push(rewrite),
    stop: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  // The development pages have no registration form; a sign-up shows the login form instead,
  // where an unknown login registers a newcomer.
  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    const url = new URL(ctx.url, issuer);
    if (url.pathname === '/auth' && url.searchParams.get('prompt') === 'create') {
      state.signUpRequests += 1;
      url.searchParams.set('prompt', 'login');
      ctx.url = `${url.pathname}${url.search}`;
    }
    await next();
    const rewrite = url.pathname === '/token' && ctx.status === 200 ? pendingRewrites.shift() : undefined;
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (rewrite && typeof body?.id_token === 'string') {
      ctx.body = { ...body, id_token: rewrite(body.id_token, key) };
    }
  });

  const handle = provider.callback();
  // Koa answers its own errors; the promise only says when the response is done.
  server.on('request', (request, response) => void handle(request, response));
  return state;
}
