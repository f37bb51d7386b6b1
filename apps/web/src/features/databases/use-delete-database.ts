import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services-context.tsx';
import { useContextStore } from '../../stores/context-store.ts';
import { notify } from '../../stores/notifications-store.ts';
import { buildContextOptions, resolveContextId } from '../context/contexts.ts';
import { forgetDatabase, removeDatabaseFromCache } from './database-cache.ts';

/**
 * Deletes a database, drops it (and its projects) from the cached lists, moves the context off it
 * by the usual rule (the first remaining context) and returns to the list.
 */
export function useDeleteDatabase(databaseId: string, name: string) {
  const { api, queryClient, changeContext } = useServices();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.databases.remove(databaseId),
    async onSuccess() {
      const remaining = removeDatabaseFromCache(queryClient, databaseId);
      const selected = useContextStore.getState().contextSelectedId;
      const next = resolveContextId(buildContextOptions(remaining.databases, remaining.projects), selected);
      if (next !== selected) changeContext(next);
      notify({ title: 'Database deleted', text: `${name} was removed from Querent.` });
      await navigate('/databases');
      forgetDatabase(queryClient, databaseId);
    },
  });
}
