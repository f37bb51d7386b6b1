import type { FastifyBaseLogger } from 'fastify';
import { redisKey } from '../redis/redis-key.ts';
import { MemoryWindowCounter } from './memory-window-counter.ts';
import type { WindowCounters } from './window-counter.ts';

export interface RateLimitCounters {
  counters: WindowCounters;
  /** Releases the Redis connection, if any. */
  close(): Promise<void>;
}

// Long enough for a healthy Redis across a busy network, short enough that a hung one barely delays a request.
const COMMAND_TIMEOUT_MS = 1000;

/**
 * Where rate limits count: in Redis when the deployment has one (`REDIS_URL`), so the limits hold
 * across instances, else in this instance's memory. The Redis client is loaded only then.
 */
export async function createRateLimitCounters(deps: {
  redis: { url: string; keyPrefix: string } | null;
  log: FastifyBaseLogger;
  /** Tests' clock, for the memory counters. */
  now?: (() => Date) | undefined;
}): Promise<RateLimitCounters> {
  if (deps.redis === null) {
    const { now } = deps;
    const clock = now === undefined ? Date.now : () => now().getTime();
    return {
      counters: (_name, windowMs) => new MemoryWindowCounter(windowMs, clock),
      close: () => Promise.resolve(),
    };
  }
  const [{ connectRedisClients, createRedisClient }, { redisWindowCounter }] = await Promise.all([
    import('../redis/redis-client.ts'),
    import('./redis-window-counter.ts'),
  ]);
  // Commands fail at once while disconnected (no offline queue), so a Redis that went away lets
  // requests through instead of holding them until it is back.
  const client = createRedisClient(deps.redis.url, deps.log, 'rate-limit', { disableOfflineQueue: true });
  await connectRedisClients([client]);
  const { keyPrefix } = deps.redis;
  return {
    counters: (name, windowMs) =>
      redisWindowCounter({
        client,
        keyPrefix: redisKey(keyPrefix, 'rate', name),
        windowMs,
        timeoutMs: COMMAND_TIMEOUT_MS,
        log: deps.log,
      }),
    async close() {
      // A client still trying to reach a Redis that went away has nothing to flush: stop it at once.
      if (client.isReady) await client.close().catch(() => undefined);
      else client.destroy();
    },
  };
}
