import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkPostgres, checkRedis, serviceGate, TEST_REDIS_URL } from '../helpers/services.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import type { TestStore } from '../helpers/test-stores.ts';
import { openPostgresTestStore } from '../helpers/test-stores.ts';
import type { AppBrowser, ClientSocket } from '../oidc/app-browser.ts';
import { createAppBrowser, hostedEnv, socketClosed, socketConnected } from '../oidc/app-browser.ts';
import { testClient } from '../oidc/hosted-deps.ts';
import type { TestProvider } from '../oidc/test-provider.ts';
import { startTestProvider } from '../oidc/test-provider.ts';

const postgres = await checkPostgres();
const redis = await checkRedis();
const gate = serviceGate(
  'Hosted mode across two instances suite',
  postgres.ok && !redis.ok ? redis : postgres,
);

if (gate.failInCi) {
  describe('Hosted mode across two instances suite', () => {
    it('needs a reachable PostgreSQL and Redis under CI=true', () => {
      expect.fail('PostgreSQL or Redis is unreachable and CI=true: this suite cannot be skipped in CI');
    });
  });
}

/**
 * Two app instances behind a load balancer without sticky sign-ins: one PostgreSQL store, one Redis
 * for Socket.IO. A browser's requests may reach either; a sign-out on one closes sockets on the other.
 */
describe.skipIf(!gate.run)('hosted mode across two instances on one PostgreSQL store and Redis', () => {
  let provider: TestProvider;
  let store: TestStore;
  let first: RunningApp;
  let second: RunningApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    provider = await startTestProvider({ clients: [testClient] });
    store = await openPostgresTestStore();
    // Each instance opens its own pool on the same database, as separate processes would.
    const env = hostedEnv(provider.issuer, { ...store.env, REDIS_URL: TEST_REDIS_URL });
    first = await startTestApp(env);
    second = await startTestApp(env);
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  afterAll(async () => {
    await second.stop();
    await first.stop();
    await store.dispose();
    await provider.stop();
  });

  function onBoth(): { a: AppBrowser; b: AppBrowser } {
    const a = createAppBrowser(first.baseUrl);
    return { a, b: createAppBrowser(second.baseUrl, { same: a }) };
  }

  async function connect(browser: AppBrowser): Promise<ClientSocket> {
    const socket = browser.socket();
    sockets.push(socket);
    await socketConnected(socket);
    return socket;
  }

  it('finishes on one instance a sign-in started on the other; both accept the session', async () => {
    const { a, b } = onBoth();
    const callback = await a.provider.signIn(await a.startSignIn(), 'alice');
    const landed = await b.openCallback(callback);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('/logged');
    const fromA = (await (await a.request('/api/user')).json()) as { id: string };
    const fromB = (await (await b.request('/api/user')).json()) as { id: string };
    expect(fromB.id).toBe(fromA.id);
    // The callback cannot be replayed on the first instance either.
    expect((await a.openCallback(callback)).status).toBe(400);
  });

  it('closes a socket held on one instance when its session is signed out on the other', async () => {
    const { a, b } = onBoth();
    expect((await a.signIn('bob')).status).toBe(302);
    const socket = await connect(b);
    const closed = socketClosed(socket);
    expect((await a.request('/api/auth/logout', { method: 'POST' })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await b.request('/api/user')).status).toBe(401);
  });

  it('closes the sockets of the user’s other sessions on every instance', async () => {
    const laptop = onBoth();
    const phone = onBoth();
    await laptop.a.signIn('carol');
    await phone.b.signIn('carol');
    const phoneSocket = await connect(phone.b);
    const laptopSocket = await connect(laptop.b);
    const closed = socketClosed(phoneSocket);
    expect((await laptop.a.request('/api/user/sessions', { method: 'DELETE' })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(laptopSocket.connected).toBe(true);
    expect((await phone.a.request('/api/user')).status).toBe(401);
  });
});
