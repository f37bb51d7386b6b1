import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import type { ClientSocket } from '../oidc/app-browser.ts';
import { createAppBrowser, hostedEnv, socketConnected, socketRefused } from '../oidc/app-browser.ts';
import { testClient, testPublicUrl } from '../oidc/hosted-deps.ts';
import type { TestProvider } from '../oidc/test-provider.ts';
import { startTestProvider } from '../oidc/test-provider.ts';

/*
 * Cross-site request forgery: requests that change data, and socket handshakes, are refused when a
 * page of another site sent them. A request naming no origin (curl, scripts) is not a browser's.
 */

const sockets: ClientSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

function openSocket(baseUrl: string, headers: Record<string, string>): ClientSocket {
  const socket: ClientSocket = connect(baseUrl, {
    transports: ['polling'],
    reconnection: false,
    timeout: 5000,
    extraHeaders: headers,
  });
  sockets.push(socket);
  return socket;
}

async function logout(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}/api/auth/logout`, { method: 'POST', headers });
  return { status: response.status, body: await response.json() };
}

const refusal = {
  error: {
    code: 'FORBIDDEN',
    message:
      'Request refused: it was sent by a page of another site (https://evil.example), not by Querent itself.',
  },
};

describe('local mode: the request’s own host is the app’s origin', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startTestApp();
  });

  afterAll(async () => {
    await running.stop();
  });

  it('refuses a change sent by another site, named by Origin or else by Referer', async () => {
    expect(await logout(running.baseUrl, { origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      body: refusal,
    });
    expect((await logout(running.baseUrl, { referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await logout(running.baseUrl, { origin: 'null' })).status).toBe(403);
    // The same host on another port is another origin.
    expect((await logout(running.baseUrl, { origin: 'http://127.0.0.1:1' })).status).toBe(403);
    const created = await fetch(`${running.baseUrl}/api/conversations`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ contextId: 'database-x' }),
    });
    expect(created.status).toBe(403);
  });

  it('accepts the app’s own pages, requests naming no origin, and reads from anywhere', async () => {
    expect(await logout(running.baseUrl, { origin: running.baseUrl })).toEqual({
      status: 200,
      body: { logout_url: null },
    });
    expect((await logout(running.baseUrl, { referer: `${running.baseUrl}/chat/new` })).status).toBe(200);
    expect((await logout(running.baseUrl, {})).status).toBe(200);
    const read = await fetch(`${running.baseUrl}/api/user`, { headers: { origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
  });

  it('refuses a socket handshake from another site and accepts the app’s own', async () => {
    expect(await socketRefused(openSocket(running.baseUrl, { origin: 'https://evil.example' }))).toBe(
      'Cross-site connection refused',
    );
    await socketConnected(openSocket(running.baseUrl, { origin: running.baseUrl }));
    await socketConnected(openSocket(running.baseUrl, {}));
  });
});

describe('hosted mode: PUBLIC_URL is the app’s origin', () => {
  let provider: TestProvider;
  let running: RunningApp;

  beforeAll(async () => {
    provider = await startTestProvider({ clients: [testClient] });
    running = await startTestApp(hostedEnv(provider.issuer));
  });

  afterAll(async () => {
    await running.stop();
    await provider.stop();
  });

  it('accepts changes from PUBLIC_URL only, whatever host the request reached', async () => {
    const browser = createAppBrowser(running.baseUrl);
    await browser.signIn('alice');
    const evil = await browser.request('/api/conversations', {
      method: 'POST',
      body: { contextId: 'database-x' },
      origin: 'https://evil.example',
    });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toMatchObject(refusal);
    // The address the request was sent to is not the public one.
    const direct = await browser.request('/api/auth/logout', { method: 'POST', origin: running.baseUrl });
    expect(direct.status).toBe(403);
    expect((await browser.request('/api/user')).status).toBe(200);
    expect(
      (await browser.request('/api/auth/logout', { method: 'POST', origin: testPublicUrl })).status,
    ).toBe(200);
    expect((await browser.request('/api/user')).status).toBe(401);
  });

  it('refuses a socket handshake from another site even with a valid session', async () => {
    const browser = createAppBrowser(running.baseUrl);
    await browser.signIn('bob');
    const evil = browser.socket({ origin: 'https://evil.example' });
    sockets.push(evil);
    expect(await socketRefused(evil)).toBe('Cross-site connection refused');
    const own = browser.socket();
    sockets.push(own);
    await socketConnected(own);
  });
});
