import type { ClientToServerEvents, ServerToClientEvents } from '@querent/contracts';
import type { Socket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import { expect } from 'vitest';
import type { ApiResponse } from '../helpers/api-client.ts';
import { readAnswer } from '../helpers/responses.ts';
import { CookieJar } from './cookie-jar.ts';
import { testClient, testPublicUrl } from './hosted-deps.ts';
import type { ProviderBrowser } from './provider-browser.ts';
import { createProviderBrowser } from './provider-browser.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface AppRequestInit {
  method?: string;
  body?: unknown;
  /** The page the browser says sent the request; the app's public URL unless given (null: none). */
  origin?: string | null;
}

/**
 * A headless browser for hosted Querent, over plain HTTP: it keeps the app's cookies, opens the
 * sign-in address the app answers, goes through the test provider's pages with its own cookies,
 * and opens the callback the provider sends it back to on the running app (the public URL is only
 * a name: requests go to the app's real address, with the public URL as their Origin, as a browser
 * on that page would send them).
 */
export interface AppBrowser {
  jar: CookieJar;
  provider: ProviderBrowser;
  request(path: string, init?: AppRequestInit): Promise<Response>;
  /** GET /api/auth (with its query); answers the authorization URL, keeping the sign-in cookie. */
  startSignIn(query?: string): Promise<string>;
  /** Opens the callback address the provider sent the browser to; the answer is not followed. */
  openCallback(callback: URL): Promise<Response>;
  /** The whole sign-in as `login`; answers the callback's answer (a redirect to /logged when it worked). */
  signIn(login: string): Promise<Response>;
  /** A Socket.IO client with this browser's cookies, sent from the app's own page unless told otherwise. */
  socket(options?: { origin?: string | null }): ClientSocket;
}

/**
 * `same` makes this browser another view of an existing one (its cookies at the app and at the
 * provider) that sends its requests to another instance of the app.
 */
export function createAppBrowser(
  baseUrl: string,
  options: { publicUrl?: string; same?: AppBrowser } = {},
): AppBrowser {
  const publicUrl = options.publicUrl ?? testPublicUrl;
  const jar = options.same?.jar ?? new CookieJar();
  const provider = options.same?.provider ?? createProviderBrowser();

  async function request(path: string, init: AppRequestInit = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    const cookie = jar.header();
    if (cookie !== undefined) headers.cookie = cookie;
    const origin = init.origin === undefined ? publicUrl : init.origin;
    if (origin !== null) headers.origin = origin;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      redirect: 'manual',
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    jar.store(response);
    return response;
  }

  async function startSignIn(query = ''): Promise<string> {
    const response = await request(`/api/auth${query}`);
    const body = (await response.json()) as { authorization_url?: string | null };
    if (response.status !== 200 || !body.authorization_url) {
      throw new Error(`GET /api/auth answered ${response.status}: ${JSON.stringify(body)}`);
    }
    return body.authorization_url;
  }

  function openCallback(callback: URL): Promise<Response> {
    return request(`${callback.pathname}${callback.search}`);
  }

  return {
    jar,
    provider,
    request,
    startSignIn,
    openCallback,
    async signIn(login) {
      const callback = await provider.signIn(await startSignIn(), login);
      return openCallback(callback);
    },
    socket(options = {}) {
      const origin = options.origin === undefined ? publicUrl : options.origin;
      const extraHeaders: Record<string, string> = {};
      const cookie = jar.header();
      if (cookie !== undefined) extraHeaders.cookie = cookie;
      if (origin !== null) extraHeaders.origin = origin;
      return connect(baseUrl, { transports: ['polling'], reconnection: false, timeout: 5000, extraHeaders });
    },
  };
}

/** A new browser signed in at the app as `login` (the callback's redirect checked). */
export async function signInBrowser(baseUrl: string, login: string): Promise<AppBrowser> {
  const browser = createAppBrowser(baseUrl);
  expect((await browser.signIn(login)).status).toBe(302);
  return browser;
}

/** Sends a request as this browser and reads the answer, whatever its status. */
export async function requestJson<T = unknown>(
  browser: AppBrowser,
  path: string,
  init: AppRequestInit = {},
): Promise<ApiResponse<T>> {
  return readAnswer<T>(await browser.request(path, init));
}

/** Resolves once connected; rejects with the server's refusal. */
export function socketConnected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** Resolves with the refusal's message; rejects if the socket connects. */
export function socketRefused(socket: ClientSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket connected but should have been refused')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** Resolves with the reason once the server closes the socket. */
export function socketClosed(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('disconnect', (reason) => resolve(reason));
  });
}

/** The environment of a hosted-mode app signing in through the test provider at `issuer`. */
export function hostedEnv(issuer: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    AUTH_MODE: 'oidc',
    PUBLIC_URL: testPublicUrl,
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: testClient.clientId,
    OIDC_CLIENT_SECRET: testClient.clientSecret,
    OIDC_SCOPES: 'openid email profile org',
    OIDC_ORGANIZATION_CLAIM: 'org',
    ...extra,
  };
}
