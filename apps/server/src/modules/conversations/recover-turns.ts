import type { FastifyBaseLogger } from 'fastify';
import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseConnections } from '../databases/database-connections.ts';
import type { ChatEvents } from './chat-events.ts';
import { INTERRUPTED_TURN_MESSAGE } from './interrupted-turn.ts';
import { stopOrphanedStatements } from './stop-orphaned-statements.ts';
import { publishMessage } from './store-message.ts';
import { closeOrphanedTurns, type OrphanedTurns } from './turn-recovery.repo.ts';

export interface TurnRecoveryDeps {
  db: StoreDb;
  log: FastifyBaseLogger;
  /** Reaches the users' databases, to stop the SQL an interrupted turn left running. */
  connections: Pick<DatabaseConnections, 'forDatabase'>;
  /** How to reach a conversation's owner, in every tab, on every instance. */
  eventsFor(ownerId: string): ChatEvents;
}

/**
 * Closes the turns known to be orphaned, never silently: each conversation gets a last message
 * saying it was interrupted and the `error` status, and its owner's open tabs hear both at once.
 * The SQL such a turn was running is stopped in its database. Answers how many were closed.
 */
export async function recoverTurns(deps: TurnRecoveryDeps, scope: OrphanedTurns): Promise<number> {
  const closed = await closeOrphanedTurns(deps.db, scope, INTERRUPTED_TURN_MESSAGE);
  for (const turn of closed) {
    await stopOrphanedStatements(deps, turn.conversationId);
    const events = deps.eventsFor(turn.ownerId);
    await publishMessage(deps.db, events, turn.message);
    events.status({ conversation_id: turn.conversationId, status: 'error', error: INTERRUPTED_TURN_MESSAGE });
  }
  if (closed.length > 0) {
    deps.log.warn(
      { conversations: closed.map((turn) => turn.conversationId), ...scope },
      'Closed conversation turns interrupted by a stopped instance',
    );
  }
  return closed.length;
}
