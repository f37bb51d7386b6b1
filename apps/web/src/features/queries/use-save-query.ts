import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';
import { type SaveQueryInput, type SaveQueryOutcome, saveQuery } from './save-query.ts';

/**
 * Saving: an update stays on the page (the caller marks the saved text as loaded);
 * a creation navigates to /query/{id}, whose loader then reloads the query from the server.
 */
export function useSaveQuery({
  beforeNavigate,
  onUpdated,
}: {
  /** Runs just before moving to the new query's page (to hand over what is on screen). */
  beforeNavigate?: (outcome: SaveQueryOutcome) => void;
  onUpdated?: (outcome: SaveQueryOutcome) => void;
} = {}) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: SaveQueryInput) => saveQuery(api, input),
    onSuccess: async (outcome) => {
      queryClient.setQueryData(queryKeys.savedQuery(outcome.query.id), outcome.query);
      void queryClient.invalidateQueries({ queryKey: queryKeys.favoritesRoot });
      notify({
        group: 'queries',
        type: 'success',
        title: 'Query saved',
        text: outcome.query.title ?? undefined,
      });
      if (outcome.created) {
        beforeNavigate?.(outcome);
        await navigate(`/query/${encodeURIComponent(outcome.query.id)}`);
      } else {
        onUpdated?.(outcome);
      }
    },
    onError: (error) =>
      notify({
        group: 'queries',
        type: 'error',
        title: 'Could not save the query',
        text: errorMessage(error),
      }),
  });
}
