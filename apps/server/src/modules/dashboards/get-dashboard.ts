import type { Dashboard } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { requireDashboard } from './dashboard-access.ts';
import { listTiles } from './dashboards.repo.ts';
import { presentDashboard } from './present-dashboard.ts';

/** GET /api/dashboards/{id}: a dashboard the caller may see, with its tiles. */
export async function getDashboard(
  deps: { db: StoreDb },
  input: { user: Actor; dashboardId: string },
): Promise<Dashboard> {
  const dashboard = await requireDashboard(deps.db, input.user, input.dashboardId, 'read');
  return presentDashboard(dashboard, await listTiles(deps.db, dashboard.id), input.user);
}
