import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { connectRedisClients, createRedisClient } from '../redis/redis-client.ts';
import { redisKey } from '../redis/redis-key.ts';
import type { QuerentServer } from './socket-types.ts';

/**
 * Connects the publish and subscribe clients the adapter needs. At boot an unreachable Redis
 * fails fast with a clear error; once connected, a lost connection is retried forever. The
 * channels start with the deployment's prefix, so two deployments sharing a Redis never hear
 * each other's events.
 */
export async function attachRedisAdapter(
  io: QuerentServer,
  redis: { url: string; keyPrefix: string },
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void>; ping(): Promise<void> }> {
  const pubClient = createRedisClient(redis.url, log, 'publish');
  const subClient = createRedisClient(redis.url, log, 'subscribe');
  await connectRedisClients([pubClient, subClient]);
  io.adapter(createAdapter(pubClient, subClient, { key: redisKey(redis.keyPrefix, 'socket.io') }));

  return {
    // Asked through the publish client: if it cannot reach Redis, events cannot reach other instances.
    async ping() {
      await pubClient.ping();
    },
    async close() {
      await Promise.allSettled([pubClient.close(), subClient.close()]);
    },
  };
}
