import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READINESS_TIMEOUT_MS } from '../../../src/modules/health/readiness.ts';
import type { PausableProxy } from '../../helpers/pausable-proxy.ts';
import { startPausableProxy } from '../../helpers/pausable-proxy.ts';
import {
  checkPostgres,
  checkRedis,
  serviceGate,
  TEST_POSTGRES_URL,
  TEST_REDIS_URL,
} from '../../helpers/services.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import type { TestStore } from '../../helpers/test-stores.ts';
import { openPostgresTestStore } from '../../helpers/test-stores.ts';

const gate = serviceGate(
  'Health probes on PostgreSQL and Redis',
  (await checkPostgres()).ok ? await checkRedis() : await checkPostgres(),
);

if (gate.failInCi) {
  describe('Health probes on PostgreSQL and Redis', () => {
    it('needs a reachable PostgreSQL and Redis under CI=true', () => {
      expect.fail('PostgreSQL or Redis is unreachable and CI=true: this suite cannot be skipped in CI');
    });
  });
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

describe('health probes on a single instance (SQLite, no Redis)', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startTestApp();
  });

  afterAll(async () => {
    await running.stop();
  });

  it('answers liveness, the old health check, and readiness with Redis not configured', async () => {
    expect(await getJson(`${running.baseUrl}/api/health/live`)).toEqual({ status: 200, body: { ok: true } });
    expect(await getJson(`${running.baseUrl}/api/health`)).toEqual({ status: 200, body: { ok: true } });
    expect(await getJson(`${running.baseUrl}/api/health/ready`)).toEqual({
      status: 200,
      body: { ok: true, checks: { store: 'ok', redis: 'not configured' } },
    });
  });
});

/** The host and port of a service URL, for the proxy to forward to. */
function targetOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

describe.skipIf(!gate.run)('readiness on PostgreSQL and Redis that stop answering', () => {
  let testStore: TestStore;
  let storeProxy: PausableProxy;
  let redisProxy: PausableProxy;
  let running: RunningApp;

  beforeAll(async () => {
    // The app reaches both services through proxies that can go silent, as a stuck server would.
    const created = await openPostgresTestStore();
    await created.store.destroy();
    storeProxy = await startPausableProxy(targetOf(TEST_POSTGRES_URL));
    redisProxy = await startPausableProxy(targetOf(TEST_REDIS_URL));
    const storeUrl = new URL(created.env.DATABASE_URL ?? '');
    storeUrl.host = storeProxy.address;
    const redisUrl = new URL(TEST_REDIS_URL);
    redisUrl.host = redisProxy.address;
    testStore = created;
    running = await startTestApp({ DATABASE_URL: storeUrl.toString(), REDIS_URL: redisUrl.toString() });
  });

  afterAll(async () => {
    storeProxy.resume();
    redisProxy.resume();
    await running.stop();
    await storeProxy.close();
    await redisProxy.close();
    await testStore.dispose();
  });

  it('is ready while both answer', async () => {
    expect(await getJson(`${running.baseUrl}/api/health/ready`)).toEqual({
      status: 200,
      body: { ok: true, checks: { store: 'ok', redis: 'ok' } },
    });
  });

  it('answers 503 naming Redis when it stops answering, within the timeout, and recovers', async () => {
    redisProxy.pause();
    const started = Date.now();
    const { status, body } = await getJson(`${running.baseUrl}/api/health/ready`);
    const waited = Date.now() - started;
    redisProxy.resume();
    expect(status).toBe(503);
    expect(body).toMatchObject({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: `Not ready: redis: no answer within ${READINESS_TIMEOUT_MS} ms`,
      },
    });
    expect(waited).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
    expect((await getJson(`${running.baseUrl}/api/health/ready`)).status).toBe(200);
    // Liveness asks nothing behind the process.
    redisProxy.pause();
    expect((await getJson(`${running.baseUrl}/api/health/live`)).status).toBe(200);
    redisProxy.resume();
  });

  it('answers 503 naming the store when it stops answering', async () => {
    storeProxy.pause();
    const { status, body } = await getJson(`${running.baseUrl}/api/health/ready`);
    storeProxy.resume();
    expect(status).toBe(503);
    expect(body).toMatchObject({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: `Not ready: store: no answer within ${READINESS_TIMEOUT_MS} ms`,
      },
    });
    expect((await getJson(`${running.baseUrl}/api/health/ready`)).status).toBe(200);
  });
});
