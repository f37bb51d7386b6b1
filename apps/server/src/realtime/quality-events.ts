import type { QualityEvents } from '../modules/quality/quality-deps.ts';
import { emitToUser } from './emit-to-user.ts';
import type { QuerentServer } from './socket-types.ts';

/**
 * Quality progress for the realtime layer. The use cases are wired before the socket server
 * exists, so events sent before `attach` (none in practice) are dropped.
 */
export function createQualityEvents(): QualityEvents & { attach(io: QuerentServer): void } {
  let server: QuerentServer | null = null;
  return {
    progress(userId, event) {
      if (server) emitToUser(server, userId, 'quality-progress', event);
    },
    attach(io) {
      server = io;
    },
  };
}
