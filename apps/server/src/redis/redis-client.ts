import type { FastifyBaseLogger } from 'fastify';
import type { RedisClientOptions } from 'redis';
import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

const BOOT_ATTEMPTS = 5;

/**
 * A Redis client that, at boot, gives up after a few attempts with a clear error (an unreachable
 * Redis should stop the start-up, not hang it) and, once connected, retries a lost connection
 * forever. `role` names it in the logs.
 */
export function createRedisClient(
  url: string,
  log: FastifyBaseLogger,
  role: string,
  options: Pick<RedisClientOptions, 'disableOfflineQueue'> = {},
): RedisClient {
  let connectedOnce = false;
  const client = createClient({
    ...options,
    url,
    socket: {
      connectTimeout: 5000,
      reconnectStrategy: (retries: number) =>
        !connectedOnce && retries >= BOOT_ATTEMPTS
          ? new Error(`Redis at ${new URL(url).host} is unreachable`)
          : Math.min(100 * 2 ** retries, 3000),
    },
  });
  // Without a listener a Redis hiccup would be an uncaught 'error' event and kill the process.
  // Each retry fails the same way, so only a change of error is worth a log line.
  let lastMessage = '';
  client.on('error', (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (message !== lastMessage) log.warn({ err: error }, `Redis ${role} client error`);
    lastMessage = message;
  });
  client.on('ready', () => {
    connectedOnce = true;
    lastMessage = '';
  });
  return client;
}

/** Connects every client, or none: a failure closes those that did connect and is thrown. */
export async function connectRedisClients(clients: readonly RedisClient[]): Promise<void> {
  try {
    await Promise.all(clients.map((client) => client.connect()));
  } catch (error) {
    for (const client of clients) if (client.isOpen) client.destroy();
    throw error;
  }
}
