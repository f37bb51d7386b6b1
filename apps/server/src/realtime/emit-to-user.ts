import type { ServerToClientEvents } from '@querent/contracts';
import { userRoom } from '@querent/contracts';
import type { QuerentServer } from './socket-types.ts';

/**
 * Sends an event to every tab of one user, on every instance when the Redis adapter is on.
 * Events never go to everyone: a conversation's updates belong to its owner.
 */
export function emitToUser<E extends keyof ServerToClientEvents>(
  io: QuerentServer,
  userId: string,
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
): void {
  io.to(userRoom(userId)).emit(event, ...args);
}
