import { userRoom } from '@querent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionEnds } from '../auth/sessions/live-sessions.ts';
import type { QuerentServer } from './socket-types.ts';

/** The room of every socket opened with one signed-in session, on every instance. */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

/**
 * Closes the sockets of sessions that end. Routes are registered before the socket server exists,
 * so it is attached once built; with the Redis adapter a room's sockets close on every instance.
 */
export function createSessionSockets(): SessionEnds & { attach(io: QuerentServer): void } {
  let server: QuerentServer | null = null;
  return {
    attach(io) {
      server = io;
    },
    sessionEnded(sessionId) {
      server?.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    otherSessionsEnded(userId, keptSessionId) {
      const sockets = server?.in(userRoom(userId));
      if (!sockets) return;
      (keptSessionId === null ? sockets : sockets.except(sessionRoom(keptSessionId))).disconnectSockets(true);
    },
  };
}

/** Answers which of these sessions are still in force. */
export type FindLiveSessions = (sessionIds: readonly string[]) => Promise<Set<string>>;

/**
 * Every so often, each instance checks the sessions of its own sockets in one query and closes
 * those whose session has expired or been revoked, or whose user was deactivated, even if no
 * sign-out told it so (the store was changed directly, or a session simply timed out).
 */
export function watchSocketSessions(
  io: QuerentServer,
  deps: { findLiveSessions: FindLiveSessions; intervalMs: number; log: FastifyBaseLogger },
): { stop(): void } {
  let checking = false;
  async function check(): Promise<void> {
    const sockets = [...io.of('/').sockets.values()].filter((socket) => socket.data.sessionId !== null);
    if (sockets.length === 0) return;
    const ids = [...new Set(sockets.map((socket) => socket.data.sessionId ?? ''))];
    const live = await deps.findLiveSessions(ids);
    for (const socket of sockets) {
      if (!live.has(socket.data.sessionId ?? '')) socket.disconnect(true);
    }
  }
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    check()
      .catch((error: unknown) =>
        deps.log.error({ err: error }, 'Checking the sessions of open sockets failed'),
      )
      .finally(() => {
        checking = false;
      });
  }, deps.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
