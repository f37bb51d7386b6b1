import { queryKeys } from '../../api/query-keys.ts';
import type { SavedQuery } from '../../api/types.ts';
import type { Services } from '../../app/services.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';

export interface EditorLoaderData {
  query: SavedQuery | null;
}

/**
 * Loads /query/{id} before the editor opens. A failure is shown as a notification
 * with the server's message and the editor opens empty, so the user can still write SQL.
 */
export async function loadSavedQuery(id: string | undefined, services: Services): Promise<EditorLoaderData> {
  if (!id) return { query: null };
  try {
    const query = await services.queryClient.query({
      queryKey: queryKeys.savedQuery(id),
      queryFn: () => services.api.queries.get(id),
      staleTime: 0,
    });
    return { query };
  } catch (error) {
    notify({ group: 'queries', type: 'error', title: 'Could not load the query', text: errorMessage(error) });
    return { query: null };
  }
}
