import type { Server as HttpServer } from 'node:http';
import { userRoom } from '@querent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { cookiesFromHeaders } from '../auth/resolve-user.ts';
import type { ResolveUser } from '../auth/resolve-user.ts';
import type { QuerentServer } from './socket-types.ts';

export const SOCKET_PATH = '/socket.io';

export interface Realtime {
  io: QuerentServer;
  /** Disconnects every socket and releases the adapter's Redis clients. */
  close(): Promise<void>;
}

/**
 * Socket.IO on the app's HTTP server. Polling only, like the web client: it works behind
 * any proxy, and several instances need only sticky sessions. A socket is accepted only once the
 * same resolver as HTTP knows its user; it then joins that user's room.
 */
export async function createRealtime(
  httpServer: HttpServer,
  deps: { resolveUser: ResolveUser; redisUrl: string | null; log: FastifyBaseLogger },
): Promise<Realtime> {
  const io: QuerentServer = new Server(httpServer, {
    path: SOCKET_PATH,
    transports: ['polling'],
    serveClient: false,
  });

  io.use((socket, next) => {
    const { headers } = socket.handshake;
    deps
      .resolveUser({ headers, cookies: cookiesFromHeaders(headers) })
      .then((user) => {
        if (!user) {
          next(new Error('Unauthorized'));
          return;
        }
        socket.data.user = user;
        next();
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'Socket authentication failed');
        next(new Error('Internal server error'));
      });
  });

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.user.id));
  });

  let redis: { close(): Promise<void> } | null = null;
  if (deps.redisUrl) {
    // The Redis client is a large library (a tenth of a second to load) only several instances need.
    const { attachRedisAdapter } = await import('./redis-adapter.ts');
    redis = await attachRedisAdapter(io, deps.redisUrl, deps.log);
  }

  return {
    io,
    async close() {
      io.local.disconnectSockets(true);
      // Closing the engine ends pending long-poll requests, which would otherwise hold the HTTP server open.
      io.engine.close();
      await redis?.close();
    },
  };
}
