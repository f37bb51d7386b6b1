import type { FastifyBaseLogger } from 'fastify';
import type { StoreDb } from '../../store/connect.ts';
import { renewTurns } from './conversations.repo.ts';
import type { TurnRegistry } from './turn-registry.ts';

export interface LeaseRenewal {
  /** Waits for a renewal under way, then stops renewing. */
  stop(): Promise<void>;
}

/**
 * Keeps the leases of every turn running on this instance alive, all in one statement per round
 * rather than one per turn, so a busy instance's heartbeat costs the store the same as a quiet
 * one's. The answer also carries what was decided elsewhere: a turn asked to stop on an instance
 * that could not relay it (`to_stop`), or one no longer this instance's (closed as lapsed), is
 * stopped here. Rounds never overlap.
 */
export function startLeaseRenewal(
  deps: { db: StoreDb; log: FastifyBaseLogger; turns: TurnRegistry; instanceId: string },
  lease: { leaseMs: number; everyMs: number },
): LeaseRenewal {
  let running: Promise<void> | null = null;
  let stopped = false;
  async function renew(): Promise<void> {
    const turns = deps.turns.running();
    if (turns.length === 0) return;
    const statuses = await renewTurns(
      deps.db,
      turns.map((turn) => turn.conversationId),
      { leaseMs: lease.leaseMs, instanceId: deps.instanceId },
    );
    for (const turn of turns) {
      // A turn that ended meanwhile is left alone; so is a new one in the same conversation.
      if (turn.ending || deps.turns.get(turn.conversationId) !== turn) continue;
      if (statuses.get(turn.conversationId) !== 'running') turn.abort();
    }
  }
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = renew()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'Could not renew the leases of turns'))
      .finally(() => {
        running = null;
      });
  }, lease.everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
