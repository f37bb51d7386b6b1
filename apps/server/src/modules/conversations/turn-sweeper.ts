import { recoverTurns, type TurnRecoveryDeps } from './recover-turns.ts';

export interface TurnSweeper {
  /** Waits for a sweep under way, then stops sweeping. */
  stop(): Promise<void>;
}

/**
 * Looks for turns whose lease lapsed (their instance died: a crash, a redeploy, a lost network)
 * and closes them as interrupted. Every instance sweeps; the close is conditional, so each turn
 * is closed once. Sweeps never overlap.
 */
export function startTurnSweeper(deps: TurnRecoveryDeps, everyMs: number): TurnSweeper {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = recoverTurns(deps, { lapsed: true })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'Looking for interrupted turns failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
