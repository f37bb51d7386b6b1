import type { RunState } from '../queries/use-query-runner.ts';

/**
 * Saving a new query moves the editor to /query/{id}, which may mount the page anew. The result
 * on screen is handed over so it survives the move instead of being fetched (or run) again.
 */
let pending: { queryId: string; state: RunState } | null = null;

export function handOverRun(queryId: string, state: RunState): void {
  pending = { queryId, state };
}

/** The handed-over run for this query, once; later calls get nothing. */
export function takeRun(queryId: string | null): RunState | null {
  if (!pending || pending.queryId !== queryId) return null;
  const { state } = pending;
  pending = null;
  return state;
}
