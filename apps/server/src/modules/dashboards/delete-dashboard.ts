import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { dashboardNotFound, requireDashboard } from './dashboard-access.ts';
import { deleteDashboardById } from './dashboards.repo.ts';

/** DELETE /api/dashboards/{id}: its owner removes it with its tiles; the saved queries they showed stay. */
export async function deleteDashboard(
  deps: { db: StoreDb },
  input: { user: Actor; dashboardId: string },
): Promise<void> {
  const dashboard = await requireDashboard(deps.db, input.user, input.dashboardId, 'delete');
  if (!(await deleteDashboardById(deps.db, dashboard.id))) throw dashboardNotFound();
}
