import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMinuteLimit } from '../../src/rate-limit/minute-limit.ts';
import type { RateLimitCounters } from '../../src/rate-limit/window-counters.ts';
import { createRateLimitCounters } from '../../src/rate-limit/window-counters.ts';
import type { PausableProxy } from '../helpers/pausable-proxy.ts';
import { startPausableProxy } from '../helpers/pausable-proxy.ts';
import { checkRedis, serviceGate, TEST_REDIS_URL } from '../helpers/services.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { createAppBrowser, hostedEnv } from '../oidc/app-browser.ts';
import { testClient } from '../oidc/hosted-deps.ts';
import type { TestProvider } from '../oidc/test-provider.ts';
import { startTestProvider } from '../oidc/test-provider.ts';

/*
 * Rate limits counted in a real Redis: instances sharing it share each limit, the retry-after is
 * the window's real remainder, a Redis that goes away lets requests through (with a warning)
 * rather than failing them, and each deployment's keys and channels carry its REDIS_KEY_PREFIX.
 */

const gate = serviceGate('Rate limits in Redis', await checkRedis());
if (gate.failInCi) {
  describe('Rate limits in Redis', () => {
    it('needs a reachable Redis under CI=true', () => {
      expect.fail('Redis is unreachable and CI=true: this suite cannot be skipped in CI');
    });
  });
}

const prefix = () => `querent-test-${randomUUID().slice(0, 8)}`;

/** A logger whose warnings the test reads. */
function capturingLog(): { log: pino.Logger; warnings: string[] } {
  const warnings: string[] = [];
  const log = pino(
    { level: 'warn' },
    { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) },
  );
  return { log, warnings };
}

describe.skipIf(!gate.run)('rate limits counted in Redis', () => {
  const opened: RateLimitCounters[] = [];
  let inspector: ReturnType<typeof createClient>;

  async function counters(keyPrefix: string, url = TEST_REDIS_URL, log = capturingLog().log) {
    const created = await createRateLimitCounters({ redis: { url, keyPrefix }, log });
    opened.push(created);
    return created;
  }

  beforeAll(async () => {
    inspector = createClient({ url: TEST_REDIS_URL });
    await inspector.connect();
  });

  afterAll(async () => {
    for (const created of opened) await created.close();
    await inspector.close();
  });

  it('shares one limit between two instances on one Redis, and keeps deployments apart by prefix', async () => {
    const deployment = prefix();
    const first = createMinuteLimit((await counters(deployment)).counters, 'visitor-asks', 3);
    const second = createMinuteLimit((await counters(deployment)).counters, 'visitor-asks', 3);
    const elsewhere = createMinuteLimit((await counters(prefix())).counters, 'visitor-asks', 3);

    const answers = [
      await first.take('visitor-1'),
      await second.take('visitor-1'),
      await first.take('visitor-1'),
    ];
    expect(answers).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    expect(await second.take('visitor-1')).toMatchObject({ allowed: false });
    expect(await first.take('visitor-1')).toMatchObject({ allowed: false });
    // Another visitor, and the same visitor in another deployment, count on their own.
    expect(await second.take('visitor-2')).toEqual({ allowed: true });
    expect(await elsewhere.take('visitor-1')).toEqual({ allowed: true });

    const key = `${deployment}:rate:visitor-asks:visitor-1`;
    expect(await inspector.get(key)).toBe('5');
    const left = await inspector.pTTL(key);
    expect(left).toBeGreaterThan(55_000);
    expect(left).toBeLessThanOrEqual(60_000);
  });

  it('says to retry when the shared window really ends', async () => {
    const deployment = prefix();
    const limit = createMinuteLimit((await counters(deployment)).counters, 'new-visitors', 1);
    expect(await limit.take('10.0.0.1')).toEqual({ allowed: true });
    // Another instance opened this window 54.5 s ago: 5.5 s are left, so 6 whole seconds.
    await inspector.pExpire(`${deployment}:rate:new-visitors:10.0.0.1`, 5500);
    expect(await limit.take('10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 6 });
  });

  it('lets requests through with one warning when Redis stops answering or goes away, and counts again after', async () => {
    const proxy: PausableProxy = await startPausableProxy({
      host: new URL(TEST_REDIS_URL).hostname,
      port: Number(new URL(TEST_REDIS_URL).port),
    });
    try {
      const { log, warnings } = capturingLog();
      const deployment = prefix();
      const url = new URL(TEST_REDIS_URL);
      url.host = proxy.address;
      const limit = createMinuteLimit((await counters(deployment, url.toString(), log)).counters, 'asks', 1);
      expect(await limit.take('ann')).toEqual({ allowed: true });
      expect(await limit.take('ann')).toMatchObject({ allowed: false });

      // A Redis that holds every answer: the request waits a second at most, then goes through.
      proxy.pause();
      const started = Date.now();
      expect(await limit.take('ann')).toEqual({ allowed: true });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await limit.take('ann')).toEqual({ allowed: true });
      expect(warnings.filter((line) => line.startsWith('Redis cannot count'))).toHaveLength(1);
      proxy.resume();

      // The counter is still in Redis: the limit holds again.
      await expect.poll(async () => (await limit.take('ann')).allowed, { timeout: 5000 }).toBe(false);
      expect(warnings).toContain('Rate limits are counted in Redis again');

      // A Redis that is gone (the connection closed, reconnecting in vain): let through at once.
      await proxy.close();
      await expect.poll(async () => (await limit.take('ann')).allowed, { timeout: 5000 }).toBe(true);
      const gone = Date.now();
      expect(await limit.take('ann')).toEqual({ allowed: true });
      expect(Date.now() - gone).toBeLessThan(200);
      expect(warnings.filter((line) => line.startsWith('Redis cannot count'))).toHaveLength(2);
    } finally {
      proxy.resume();
      await proxy.close();
    }
  });
});

describe.skipIf(!gate.run)('two hosted instances sharing one Redis', () => {
  let provider: TestProvider;
  const running: RunningApp[] = [];
  const deployment = prefix();

  beforeAll(async () => {
    provider = await startTestProvider({ clients: [testClient] });
    for (let instance = 0; instance < 2; instance += 1) {
      running.push(
        await startTestApp(
          hostedEnv(provider.issuer, {
            AUTH_RATE_LIMIT: '3',
            REDIS_URL: TEST_REDIS_URL,
            REDIS_KEY_PREFIX: deployment,
          }),
        ),
      );
    }
  });

  afterAll(async () => {
    for (const app of running) await app.stop();
    await provider.stop();
  });

  it('refuses the sign-in past AUTH_RATE_LIMIT across both, with the right Retry-After', async () => {
    const [first, second] = running.map((app) => createAppBrowser(app.baseUrl));
    if (!first || !second) throw new Error('Two instances were started');
    expect((await first.request('/api/auth')).status).toBe(200);
    expect((await second.request('/api/auth')).status).toBe(200);
    expect((await first.request('/api/auth')).status).toBe(200);
    const refused = await second.request('/api/auth');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('carries realtime events on channels under the deployment’s prefix', async () => {
    const inspector = createClient({ url: TEST_REDIS_URL });
    await inspector.connect();
    try {
      const channels = await inspector.pubSubChannels(`${deployment}:socket.io*`);
      // The requests between instances and their answers (events go by a pattern subscription,
      // `${deployment}:socket.io#/#*`, which PUBSUB CHANNELS does not list).
      expect(channels).toEqual(
        expect.arrayContaining([`${deployment}:socket.io-request#/#`, `${deployment}:socket.io-response#/#`]),
      );
    } finally {
      await inspector.close();
    }
  });
});
