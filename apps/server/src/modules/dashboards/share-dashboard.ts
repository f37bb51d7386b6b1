import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { requireDashboard } from './dashboard-access.ts';
import { setDashboardShared } from './dashboards.repo.ts';

/** PUT /api/sharing/dashboard/{id}: the owner shares it with their organisation (colleagues see it, read-only). */
export async function shareDashboard(
  deps: { db: StoreDb },
  input: { user: User; id: string; shared: boolean },
) {
  const dashboard = await requireDashboard(deps.db, input.user, input.id, 'share');
  await setDashboardShared(deps.db, dashboard.id, input.shared);
}
