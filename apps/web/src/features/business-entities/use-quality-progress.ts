import type { QualityProgressEvent } from '@querent/contracts';
import { useEffect } from 'react';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { notify, STICKY, useNotificationsStore } from '../../stores/notifications-store.ts';

const titles: Record<QualityProgressEvent['phase'], string> = {
  profiling: 'Scanning the database',
  checking: 'Running data-quality checks',
  scoring: 'Scoring business entities',
  done: 'Data quality updated',
  failed: 'Data-quality run stopped',
};

/**
 * Turns the server's progress of a scan, an analysis or a run of checks into one notification card
 * per run, its bar filling table by table, and refreshes the business entities and issues as
 * checks finish, so the control and issues pages show new scores without a reload. Mounted once,
 * by the default layout.
 */
export function useQualityProgress(): void {
  const { socket, queryClient } = useServices();
  useEffect(() => {
    const cards = new Map<string, string>();
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.businessEntitiesRoot });
      void queryClient.invalidateQueries({ queryKey: queryKeys.issuesRoot });
    };
    const onProgress = (event: QualityProgressEvent) => {
      const finished = event.phase === 'done' || event.phase === 'failed';
      const progress = event.total > 0 ? Math.round((event.done / event.total) * 100) : 0;
      const card = cards.get(event.runId);
      const store = useNotificationsStore.getState();
      if (finished) {
        if (card) store.dismiss(card);
        cards.delete(event.runId);
        notify({
          group: 'quality',
          type: event.phase === 'failed' ? 'error' : 'success',
          title: titles[event.phase],
          text: event.message,
        });
        refresh();
        return;
      }
      if (card) {
        store.update(card, { title: titles[event.phase], text: event.message, progress });
      } else {
        const id = notify({
          group: 'quality',
          type: 'info',
          title: titles[event.phase],
          text: event.message,
          progress,
          timeout: STICKY,
          dismissible: true,
        });
        if (id !== null) cards.set(event.runId, id);
      }
      if (event.phase === 'checking') refresh();
    };
    socket.on('quality-progress', onProgress);
    return () => {
      socket.off('quality-progress', onProgress);
    };
  }, [socket, queryClient]);
}
