import type { DashboardSummary } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { listDashboardsVisibleTo } from './dashboards.repo.ts';
import { presentDashboardSummary } from './present-dashboard.ts';

/** More than anyone keeps; a list that long is cut rather than sent whole. */
export const dashboardListLimit = 500;

/** GET /api/dashboards: the caller's own, their organisation's shared ones and public ones, newest change first. */
export async function listDashboards(
  deps: { db: StoreDb },
  input: { user: Actor },
): Promise<DashboardSummary[]> {
  const dashboards = await listDashboardsVisibleTo(deps.db, input.user, dashboardListLimit);
  return dashboards.map((dashboard) => presentDashboardSummary(dashboard, input.user));
}
