import type { StoreDb } from '../../store/connect.ts';
import { deleteFavoritesOf } from '../favorites/favorites.repo.ts';
import type { User } from '../users/users.repo.ts';
import { listChartIdsOfQuery } from '../charts/charts.repo.ts';
import { deleteQuery } from './queries.repo.ts';
import { queryNotFound, requireQuery } from './query-access.ts';

/** DELETE /api/query/{id}: its charts go with it, and so do everyone's stars on both. */
export async function deleteSavedQuery(
  deps: { db: StoreDb },
  input: { user: User; queryId: string },
): Promise<void> {
  const { query } = await requireQuery(deps.db, input.user, input.queryId, 'write');
  await deps.db.transaction().execute(async (trx) => {
    await deleteFavoritesOf(trx, 'chart', await listChartIdsOfQuery(trx, query.id));
    await deleteFavoritesOf(trx, 'query', [query.id]);
    if (!(await deleteQuery(trx, query.id))) throw queryNotFound();
  });
}
