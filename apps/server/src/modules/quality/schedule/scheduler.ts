import { randomUUID } from 'node:crypto';
import type { QualityDeps } from '../quality-deps.ts';
import { runDueSchedules } from './run-due-schedules.ts';

/** How often an instance looks for due schedules. */
export const SCHEDULER_TICK_MS = 60_000;

export interface QualityScheduler {
  /** Waits for a tick under way, then stops ticking. */
  stop(): Promise<void>;
}

/**
 * Looks for due check schedules once a minute on this instance. Ticks never overlap; several
 * instances may tick at once, and each schedule's lease lets only one of them run it.
 */
export function startQualityScheduler(deps: QualityDeps, tickMs = SCHEDULER_TICK_MS): QualityScheduler {
  const owner = randomUUID();
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = runDueSchedules(deps, { owner })
      .catch((error: unknown) => deps.log.error({ err: error }, 'Looking for due check schedules failed'))
      .finally(() => {
        running = null;
      });
  }, tickMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
