import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';

/**
 * "Run again" on a favourite: POST /api/query/{id}/run stores a fresh last result, then the
 * favourites (whose previews come from stored results) are fetched anew.
 */
export function useRunAgain() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (queryId: string) => api.queries.rerun(queryId),
    onSuccess: async (result, queryId) => {
      queryClient.setQueryData(queryKeys.savedQueryResults(queryId), result);
      await queryClient.invalidateQueries({ queryKey: queryKeys.favoritesRoot });
      if (result.error)
        notify({ group: 'favorites', type: 'error', title: 'The query failed', text: result.error });
    },
    onError: (error) =>
      notify({
        group: 'favorites',
        type: 'error',
        title: 'Could not run the query',
        text: errorMessage(error),
      }),
  });
}
