import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RunQueryResult } from '../../api/query-types.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';

/** Running a query needs a selected database. */
export const NO_DATABASE_SELECTED = 'No database selected';

export type RunState =
  | { status: 'idle' }
  | { status: 'running'; sql: string; startedAt: number }
  | { status: 'done'; sql: string; result: RunQueryResult }
  | { status: 'error'; sql: string; error: string }
  | { status: 'cancelled'; sql: string };

/**
 * Runs SQL through POST /api/query/_run, one run at a time. Cancel aborts the request; the server
 * sees the connection close and cancels the statement in the database. A new run cancels the
 * previous one, and leaving the page cancels whatever is still running.
 */
export function useQueryRunner(initial: RunState | null = null) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [state, setState] = useState<RunState>(initial ?? { status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (sql: string, databaseId: string | null) => {
      controller.current?.abort();
      if (!databaseId) {
        setState({ status: 'error', sql, error: NO_DATABASE_SELECTED });
        return;
      }
      const current = new AbortController();
      controller.current = current;
      setState({ status: 'running', sql, startedAt: Date.now() });
      try {
        const result = await api.queries.run({ query: sql, databaseId }, current.signal);
        if (controller.current === current) setState({ status: 'done', sql, result });
      } catch (error) {
        if (controller.current !== current) return;
        if (current.signal.aborted) setState({ status: 'cancelled', sql });
        else setState({ status: 'error', sql, error: errorMessage(error) });
      } finally {
        if (controller.current === current) controller.current = null;
        // Every run, failed or not, is a history entry on the server.
        void queryClient.invalidateQueries({ queryKey: queryKeys.queryHistory(databaseId) });
      }
    },
    [api, queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
  }, []);

  /** Shows a run handed over from before a navigation (see run-handoff.ts). */
  const restore = useCallback((handed: RunState) => {
    controller.current?.abort();
    controller.current = null;
    setState(handed);
  }, []);

  return { state, run, cancel, reset, restore };
}
