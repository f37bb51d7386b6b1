/**
 * Wraps an async routine so overlapping callers share one run: while it is in flight every call
 * gets the same promise; once it settles the next call starts a fresh run.
 */
export function singleFlight(routine: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => {
    running ??= routine().finally(() => {
      running = null;
    });
    return running;
  };
}
