import type { TurnRelay } from '../modules/conversations/chat-deps.ts';
import type { TurnRegistry } from '../modules/conversations/turn-registry.ts';
import type { QuerentServer } from './socket-types.ts';

/**
 * Carries a stop or a write decision to the instance running the turn. With the Redis adapter,
 * every other instance hears it and the one holding the turn acts; with one instance there is
 * nobody to tell (the in-memory adapter has no server-side events).
 */
export function createTurnRelay(io: QuerentServer, turns: TurnRegistry, crossInstance: boolean): TurnRelay {
  if (!crossInstance) return { stop: () => undefined, decide: () => undefined };
  io.on('stopTurn', (conversationId) => {
    turns.abort(conversationId);
  });
  io.on('decideWrite', (conversationId, queryId, decision) => {
    turns.decide(conversationId, queryId, decision);
  });
  return {
    stop: (conversationId) => io.serverSideEmit('stopTurn', conversationId),
    decide: (conversationId, queryId, decision) =>
      io.serverSideEmit('decideWrite', conversationId, queryId, decision),
  };
}
