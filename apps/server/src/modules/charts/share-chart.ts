import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { requireChart } from './chart-access.ts';
import { setChartsShared } from './charts.repo.ts';

/** PUT /api/sharing/chart/{id}: the owner shares it with their organisation (its query must be shared too to be seen). */
export async function shareChart(deps: { db: StoreDb }, input: { user: User; id: string; shared: boolean }) {
  const { chart } = await requireChart(deps.db, input.user, input.id, 'share');
  await setChartsShared(deps.db, chart.id, input.shared);
}
