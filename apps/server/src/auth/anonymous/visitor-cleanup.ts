import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { removeAnonymousUsers } from '../../modules/users/anonymous-users.ts';
import type { StoreDb } from '../../store/connect.ts';
import { claimJobLease } from '../../store/job-lease.ts';

/** How often an instance offers to remove the visitors whose time is up. */
export const visitorCleanupIntervalMs = 10 * 60 * 1000;

const leaseName = 'anonymous-visitor-cleanup';

export interface VisitorCleanupDeps {
  db: StoreDb;
  retentionMs: number;
  now?: (() => Date) | undefined;
}

/**
 * One round: if this instance (`owner`) takes the job's lease for the interval, removes the
 * anonymous visitors who arrived more than the retention period ago, with everything they made.
 * Answers how many went, or null when another instance holds the job.
 */
export async function removeExpiredVisitors(
  deps: VisitorCleanupDeps,
  input: { owner: string; intervalMs: number },
): Promise<number | null> {
  const now = deps.now?.() ?? new Date();
  const until = new Date(now.getTime() + input.intervalMs);
  if (!(await claimJobLease(deps.db, { name: leaseName, owner: input.owner, now, until }))) return null;
  return removeAnonymousUsers(deps.db, new Date(now.getTime() - deps.retentionMs));
}

/**
 * Every instance ticks; the lease lets one of them do the work each interval. Their sessions
 * ended with their retention already, so nobody is signed out mid-use by the removal.
 */
export function startVisitorCleanup(
  deps: VisitorCleanupDeps & { log: FastifyBaseLogger; intervalMs?: number },
): { stop(): Promise<void> } {
  const owner = randomUUID();
  const intervalMs = deps.intervalMs ?? visitorCleanupIntervalMs;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = removeExpiredVisitors(deps, { owner, intervalMs })
      .then((removed) => {
        if (removed) deps.log.info({ removed }, 'Removed anonymous visitors past their retention');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'Removing anonymous visitors failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  // A first round soon after start, so a restart does not push the removal back by an interval.
  const first = setTimeout(tick, 5_000);
  first.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
