import type { ServerConversationStatus } from '@querent/contracts';
import type { ChatEvents } from './chat-events.ts';
import type { ChatDeps } from './chat-deps.ts';
import { claimTurn, finishTurn } from './conversations.repo.ts';
import { describeTurnFailure } from './describe-turn-failure.ts';
import { recoverTurns } from './recover-turns.ts';
import type { LiveTurn } from './turn-registry.ts';

/**
 * The timing of a turn's claim: how long it lasts without renewal (a crashed instance's turn
 * lapses after it), how often each instance looks for lapsed turns to close as interrupted, and
 * how often it renews the leases of its running turns, all in one statement: at half a lease, so
 * a late round still has half a lease to land before a turn lapses.
 */
export interface TurnLeaseTiming {
  leaseMs: number;
  sweepMs: number;
  renewMs: number;
}

/** The timing that follows from TURN_LEASE_SECONDS. */
export function turnLeaseTiming(leaseSeconds: number): TurnLeaseTiming {
  const leaseMs = leaseSeconds * 1000;
  return { leaseMs, sweepMs: leaseMs / 6, renewMs: leaseMs / 2 };
}

/** The statuses of a conversation whose turn holds (or held, if it lapsed) a lease. */
function wasRunning(status: ServerConversationStatus): boolean {
  return status === 'running' || status === 'to_stop';
}

/**
 * Runs one turn of a conversation: claims it (refusing if a turn already runs, on any instance),
 * says `running`, keeps the claim alive while the work runs, and ends with `clear` — also when
 * stopped — or `error` with a message for the user. False when the turn was refused.
 */
export async function runTurn(
  deps: ChatDeps,
  input: {
    conversationId: string;
    /**
     * The conversation's status as the caller read it just before. One that was not running has
     * no lapsed turn to close: a turn claimed since then holds a fresh lease.
     */
    statusWhenRead: ServerConversationStatus;
    ownerId: string;
    events: ChatEvents;
    work: (turn: LiveTurn) => Promise<void>;
  },
): Promise<boolean> {
  const { conversationId, events } = input;
  // A turn lost before any sweep saw it is closed as interrupted before the next one starts.
  if (wasRunning(input.statusWhenRead))
    await recoverTurns(
      { db: deps.db, log: deps.log, connections: deps.connections, eventsFor: () => events },
      { lapsed: true, conversationId },
    );
  if (
    !(await claimTurn(deps.db, conversationId, {
      leaseMs: deps.turnLease.leaseMs,
      instanceId: deps.instanceId,
    }))
  ) {
    events.error({ message: 'Conversation is already running', conversationId });
    return false;
  }
  // Its lease is renewed with every other turn of this instance (turn-leases.ts).
  const turn = deps.turns.start(conversationId, input.ownerId);
  events.status({ conversation_id: conversationId, status: 'running', error: null });

  let outcome: { status: 'clear' | 'error'; error: string | null } = { status: 'clear', error: null };
  try {
    await input.work(turn);
  } catch (error) {
    if (!turn.signal.aborted)
      outcome = { status: 'error', error: await describeTurnFailure(error, deps.llm, deps.log) };
  } finally {
    turn.ending = true;
    await finishTurn(deps.db, conversationId, outcome).catch((error: unknown) =>
      deps.log.error({ err: error, conversationId }, 'Could not record the end of a turn'),
    );
    deps.turns.end(turn);
    events.status({ conversation_id: conversationId, ...outcome });
    deps.onTurnEnd?.(outcome.status === 'error' ? 'failed' : turn.signal.aborted ? 'stopped' : 'answered');
  }
  return true;
}
