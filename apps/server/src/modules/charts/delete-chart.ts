import type { StoreDb } from '../../store/connect.ts';
import { deleteFavoritesOf } from '../favorites/favorites.repo.ts';
import type { User } from '../users/users.repo.ts';
import { chartNotFound, requireChart } from './chart-access.ts';
import { deleteChart as deleteChartRow } from './charts.repo.ts';

/** DELETE /api/charts/{id}: the owner deletes it, with everyone's stars on it. */
export async function deleteChart(
  deps: { db: StoreDb },
  input: { user: User; chartId: string },
): Promise<void> {
  const { chart } = await requireChart(deps.db, input.user, input.chartId, 'write');
  await deps.db.transaction().execute(async (trx) => {
    await deleteFavoritesOf(trx, 'chart', [chart.id]);
    if (!(await deleteChartRow(trx, chart.id))) throw chartNotFound();
  });
}
