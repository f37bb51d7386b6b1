import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { chartNotFound, requireChart } from './chart-access.ts';
import { deleteChart as deleteChartRow } from './charts.repo.ts';

/** DELETE /api/charts/{id}: the owner deletes it; everyone's stars on it go with it (foreign key). */
export async function deleteChart(
  deps: { db: StoreDb },
  input: { user: User; chartId: string },
): Promise<void> {
  const { chart } = await requireChart(deps.db, input.user, input.chartId, 'delete');
  if (!(await deleteChartRow(deps.db, chart.id))) throw chartNotFound();
}
