import type { SavedQuery } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { isFavorite } from '../favorites/favorites.repo.ts';
import type { User } from '../users/user.ts';
import { presentQuery } from './present-query.ts';
import { requireQuery } from './query-access.ts';

/** GET /api/query/{id}: a query the user may read, saved or from their history. */
export async function getSavedQuery(
  deps: { db: StoreDb },
  input: { user: User; queryId: string },
): Promise<SavedQuery> {
  const { query } = await requireQuery(deps.db, input.user, input.queryId, 'read');
  return presentQuery(query, input.user, await isFavorite(deps.db, input.user.id, 'query', query.id));
}
