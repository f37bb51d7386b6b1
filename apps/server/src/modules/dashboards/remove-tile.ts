import type { Dashboard } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { requireDashboard } from './dashboard-access.ts';
import { deleteTile } from './dashboards.repo.ts';
import { getDashboard } from './get-dashboard.ts';

/** DELETE /api/dashboards/{id}/tiles/{tileId}: the owner removes a tile; the saved query it showed stays. */
export async function removeTile(
  deps: { db: StoreDb },
  input: { user: Actor; dashboardId: string; tileId: string },
): Promise<Dashboard> {
  const dashboard = await requireDashboard(deps.db, input.user, input.dashboardId, 'edit');
  if (!(await deleteTile(deps.db, dashboard.id, input.tileId))) {
    throw new AppError('NOT_FOUND', 'This dashboard has no such tile');
  }
  return getDashboard(deps, { user: input.user, dashboardId: dashboard.id });
}
