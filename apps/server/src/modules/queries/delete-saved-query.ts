import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { deleteQuery } from './queries.repo.ts';
import { queryNotFound, requireQuery } from './query-access.ts';

/**
 * DELETE /api/query/{id}: its charts go with it, and so do everyone's stars on both (the store's
 * foreign keys cascade from the query to its charts and to the favourites of each).
 */
export async function deleteSavedQuery(
  deps: { db: StoreDb },
  input: { user: User; queryId: string },
): Promise<void> {
  const { query } = await requireQuery(deps.db, input.user, input.queryId, 'delete');
  if (!(await deleteQuery(deps.db, query.id))) throw queryNotFound();
}
