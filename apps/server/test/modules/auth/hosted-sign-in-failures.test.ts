import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import { createAppBrowser, hostedEnv } from '../../oidc/app-browser.ts';
import { testClient } from '../../oidc/hosted-deps.ts';
import type { TestProvider } from '../../oidc/test-provider.ts';
import { startTestProvider } from '../../oidc/test-provider.ts';

/*
 * Hosted mode when things go wrong around the sign-in: the provider down, a provider without an
 * end-session endpoint, and an address asking too often.
 */

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});
afterAll(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function provider(options: { endSession?: boolean; port?: number } = {}): Promise<TestProvider> {
  const started = await startTestProvider({ clients: [testClient], ...options });
  stops.push(() => started.stop().catch(() => undefined));
  return started;
}

async function app(issuer: string, extra: Record<string, string> = {}): Promise<RunningApp> {
  const running = await startTestApp(hostedEnv(issuer, extra));
  stops.push(() => running.stop());
  return running;
}

async function pageOf(response: Response): Promise<{ status: number; html: string }> {
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return { status: response.status, html: await response.text() };
}

describe('a provider that is down', () => {
  it('answers GET /api/auth with 503 in words, and works once the provider is back', async () => {
    const down = await provider();
    const { port, issuer } = down;
    await down.stop();
    const running = await app(issuer);
    const browser = createAppBrowser(running.baseUrl);

    const answer = await browser.request('/api/auth');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: `The sign-in service at ${issuer} is not reachable. Try again in a moment.`,
      },
    });
    // The app itself is up: it started without reaching the provider.
    expect((await browser.request('/api/health')).status).toBe(200);

    await provider({ port });
    expect((await browser.signIn('alice')).status).toBe(302);
  });

  it('shows a page, not a 500, when the provider goes down during the sign-in', async () => {
    const going = await provider();
    const running = await app(going.issuer);
    const browser = createAppBrowser(running.baseUrl);
    const callback = await browser.provider.signIn(await browser.startSignIn(), 'alice');
    await going.stop();

    const page = await pageOf(await browser.openCallback(callback));
    expect(page.status).toBe(503);
    expect(page.html).toContain(
      `The sign-in service at ${going.issuer} is not reachable. Try again in a moment.`,
    );
    expect(page.html).toContain('href="/login"');
    expect((await browser.request('/api/user')).status).toBe(401);
  });
});

describe('a provider without an end-session endpoint', () => {
  it('ends the session here and answers no logout URL, so the app signs in again', async () => {
    const plain = await provider({ endSession: false });
    const running = await app(plain.issuer);
    const browser = createAppBrowser(running.baseUrl);
    await browser.signIn('bob');
    expect((await browser.request('/api/user')).status).toBe(200);

    const answer = await browser.request('/api/auth/logout', { method: 'POST' });
    expect(await answer.json()).toEqual({ logout_url: null });
    expect((await browser.request('/api/user')).status).toBe(401);
  });
});

describe('the sign-in rate limit', () => {
  it('answers 429 past AUTH_RATE_LIMIT requests a minute: JSON at GET /api/auth, a page at the callback', async () => {
    const limited = await provider();
    const running = await app(limited.issuer, { AUTH_RATE_LIMIT: '3' });
    const browser = createAppBrowser(running.baseUrl);

    const urls = [await browser.startSignIn(), await browser.startSignIn(), await browser.startSignIn()];
    expect(urls).toHaveLength(3);
    const refused = await browser.request('/api/auth');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many sign-in requests from your address. Try again in 1 minute.',
      },
    });
    // Other endpoints are not counted.
    expect((await browser.request('/api/health')).status).toBe(200);
    expect((await browser.request('/api/user')).status).toBe(401);

    const callback = new URL('/api/auth/callback?state=guess&code=guess', 'http://querent.test:3000');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await pageOf(await browser.openCallback(callback))).status).toBe(400);
    }
    const page = await pageOf(await browser.openCallback(callback));
    expect(page.status).toBe(429);
    expect(page.html).toContain('Too many sign-in requests from your address.');
  });

  it('counts the OAuth endpoints of MCP apps and their consent step as well, each apart', async () => {
    const limited = await provider();
    const running = await app(limited.issuer, { AUTH_RATE_LIMIT: '3' });
    const get = (path: string) => fetch(`${running.baseUrl}${path}`);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await get('/oauth/jwks')).status).toBe(200);
    const refused = await fetch(`${running.baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/callback'] }),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // The consent step is counted on its own: an unknown interaction is still answered as such.
    const step = await get('/oauth/interaction/unknown');
    expect(step.status).not.toBe(429);
    for (let attempt = 0; attempt < 2; attempt += 1) await get('/oauth/interaction/unknown');
    expect((await get('/oauth/interaction/unknown')).status).toBe(429);
    // The metadata clients start from stays readable.
    expect((await get('/.well-known/oauth-protected-resource/mcp')).status).toBe(200);
  });
});
