import type { IncomingHttpHeaders, Server as HttpServer } from 'node:http';
import { userRoom } from '@querent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { Credentials, ResolveCaller } from '../auth/resolve-user.ts';
import { cookiesFromHeaders } from '../auth/resolve-user.ts';
import { isOwnOrigin, senderOrigin } from '../auth/same-origin.ts';
import type { FindLiveSessions } from './session-sockets.ts';
import { sessionRoom, watchSocketSessions } from './session-sockets.ts';
import type { QuerentServer, QuerentSocket } from './socket-types.ts';

export const SOCKET_PATH = '/socket.io';

/** How often each instance checks that its sockets' sessions are still in force. */
export const socketSessionCheckMs = 60_000;

export interface Realtime {
  io: QuerentServer;
  /** Asks Redis for an answer when the adapter uses it; null on a single instance. */
  pingRedis: (() => Promise<void>) | null;
  /** Disconnects every socket and releases the adapter's Redis clients. */
  close(): Promise<void>;
}

export interface RealtimeDeps {
  resolveCaller: ResolveCaller;
  /** Hosted mode's public URL; null in local mode, where a handshake must come from the host it was sent to. */
  publicUrl: string | null;
  /** Whether a proxy's X-Forwarded-Host names the host the browser used (TRUST_PROXY). */
  trustProxy: boolean;
  /** Hosted mode: which sessions are still in force, checked every `sessionCheckMs`. */
  findLiveSessions: FindLiveSessions | null;
  sessionCheckMs?: number;
  /** Several instances: the Redis that carries events between them, and this deployment's key prefix. */
  redis: { url: string; keyPrefix: string } | null;
  log: FastifyBaseLogger;
}

function requestedHost(headers: IncomingHttpHeaders, trustProxy: boolean): string | undefined {
  const forwarded = headers['x-forwarded-host'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  return trustProxy && first ? first : headers.host;
}

/**
 * A socket opened with a session is checked again before each event it sends: a session revoked,
 * expired or whose user was deactivated closes the socket and its event is dropped.
 */
function recheckEachEvent(socket: QuerentSocket, credentials: Credentials, deps: RealtimeDeps): void {
  const { sessionId, user } = socket.data;
  if (sessionId === null) return;
  socket.use((_packet, next) => {
    deps
      .resolveCaller(credentials)
      .then((caller) => {
        if (caller?.sessionId === sessionId && caller.user.id === user.id) {
          socket.data.user = caller.user;
          next();
        } else {
          socket.disconnect(true);
        }
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'Checking the session of a socket event failed');
        socket.emit('error', { message: 'Internal server error', conversationId: null });
      });
  });
}

/**
 * Socket.IO on the app's HTTP server. Polling only, like the web client: it works behind any
 * proxy, and several instances need only sticky sessions. A handshake is accepted only from the
 * app's own pages, and only once the same resolver as HTTP knows its user; the socket then joins
 * its user's room and its session's, where a sign-out reaches it.
 */
export async function createRealtime(httpServer: HttpServer, deps: RealtimeDeps): Promise<Realtime> {
  const io: QuerentServer = new Server(httpServer, {
    path: SOCKET_PATH,
    transports: ['polling'],
    serveClient: false,
  });

  io.use((socket, next) => {
    const { headers } = socket.handshake;
    const origin = senderOrigin(headers);
    if (!isOwnOrigin(origin, { publicUrl: deps.publicUrl, host: requestedHost(headers, deps.trustProxy) })) {
      next(new Error('Cross-site connection refused'));
      return;
    }
    const credentials: Credentials = { headers, cookies: cookiesFromHeaders(headers) };
    deps
      .resolveCaller(credentials)
      .then((caller) => {
        if (!caller) {
          next(new Error('Unauthorized'));
          return;
        }
        socket.data.user = caller.user;
        socket.data.sessionId = caller.sessionId;
        recheckEachEvent(socket, credentials, deps);
        next();
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'Socket authentication failed');
        next(new Error('Internal server error'));
      });
  });

  io.on('connection', (socket) => {
    const { user, sessionId } = socket.data;
    void socket.join(sessionId === null ? userRoom(user.id) : [userRoom(user.id), sessionRoom(sessionId)]);
  });

  let redis: { close(): Promise<void>; ping(): Promise<void> } | null = null;
  if (deps.redis) {
    // The Redis client is a large library (a tenth of a second to load) only several instances need.
    const { attachRedisAdapter } = await import('./redis-adapter.ts');
    redis = await attachRedisAdapter(io, deps.redis, deps.log);
  }

  const watch =
    deps.findLiveSessions === null
      ? null
      : watchSocketSessions(io, {
          findLiveSessions: deps.findLiveSessions,
          intervalMs: deps.sessionCheckMs ?? socketSessionCheckMs,
          log: deps.log,
        });

  const connectedRedis = redis;
  return {
    io,
    pingRedis: connectedRedis === null ? null : () => connectedRedis.ping(),
    async close() {
      watch?.stop();
      io.local.disconnectSockets(true);
      // Closing the engine ends pending long-poll requests, which would otherwise hold the HTTP server open.
      io.engine.close();
      await redis?.close();
    },
  };
}
