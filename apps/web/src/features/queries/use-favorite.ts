import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import type { SavedQuery } from '../../api/types.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';

export type FavoriteKind = 'query' | 'chart';

/**
 * Stars or unstars a query or a chart (PUT …/favorite with {is_favorite}). The favourites page
 * is refreshed after, and a saved query's cached copy follows the new flag.
 */
export function useFavorite(kind: FavoriteKind) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isFavorite }: { id: string; isFavorite: boolean }) =>
      kind === 'query' ? api.queries.setFavorite(id, isFavorite) : api.charts.setFavorite(id, isFavorite),
    onSuccess: (state) => {
      if (kind === 'query') {
        queryClient.setQueryData<SavedQuery>(queryKeys.savedQuery(state.id), (query) =>
          query ? { ...query, is_favorite: state.is_favorite } : query,
        );
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.favoritesRoot });
    },
    onError: (error) =>
      notify({
        group: 'favorites',
        type: 'error',
        title: 'Could not change the star',
        text: errorMessage(error),
      }),
  });
}
