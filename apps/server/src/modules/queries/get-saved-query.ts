import type { SavedQuery } from '@querent/contracts';
import type { User } from '../users/user.ts';
import type { ShowDeps } from './favorite-flags.ts';
import { isStarred } from './favorite-flags.ts';
import { presentQuery } from './present-query.ts';
import { requireQuery } from './query-access.ts';

/** GET /api/query/{id}: a query the user may read, saved or from their history. */
export async function getSavedQuery(
  deps: ShowDeps,
  input: { user: User; queryId: string },
): Promise<SavedQuery> {
  const { query } = await requireQuery(deps.db, input.user, input.queryId, 'read');
  return presentQuery(query, input.user, await isStarred(deps.favorites, input.user.id, 'query', query.id));
}
