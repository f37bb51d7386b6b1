import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { QuerentServer } from './socket-types.ts';

const BOOT_ATTEMPTS = 5;

/**
 * Connects the publish and subscribe clients the adapter needs. At boot an unreachable Redis
 * fails fast with a clear error; once connected, a lost connection is retried forever.
 */
export async function attachRedisAdapter(
  io: QuerentServer,
  url: string,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void>; ping(): Promise<void> }> {
  let connectedOnce = false;
  const pubClient = createClient({
    url,
    socket: {
      connectTimeout: 5000,
      reconnectStrategy: (retries: number) =>
        !connectedOnce && retries >= BOOT_ATTEMPTS
          ? new Error(`Redis at ${new URL(url).host} is unreachable`)
          : Math.min(100 * 2 ** retries, 3000),
    },
  });
  const subClient = pubClient.duplicate();
  // Without listeners a Redis hiccup would be an uncaught 'error' event and kill the process.
  // Each retry fails the same way, so only a change of error is worth a log line.
  for (const [client, role] of [
    [pubClient, 'publish'],
    [subClient, 'subscribe'],
  ] as const) {
    let lastMessage = '';
    client.on('error', (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== lastMessage) log.warn({ err: error }, `Redis ${role} client error`);
      lastMessage = message;
    });
    client.on('ready', () => {
      lastMessage = '';
    });
  }

  try {
    await Promise.all([pubClient.connect(), subClient.connect()]);
  } catch (error) {
    for (const client of [pubClient, subClient]) if (client.isOpen) client.destroy();
    throw error;
  }
  connectedOnce = true;
  io.adapter(createAdapter(pubClient, subClient));

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
