import type { Chart } from '@querent/contracts';
import type { ShowDeps } from '../queries/favorite-flags.ts';
import { isStarred } from '../queries/favorite-flags.ts';
import type { User } from '../users/user.ts';
import { requireChart } from './chart-access.ts';
import { presentChart } from './present-chart.ts';

/** GET /api/charts/{id}: the chart; its data is its query's (GET /api/query/{queryId}/results). */
export async function getChart(deps: ShowDeps, input: { user: User; chartId: string }): Promise<Chart> {
  const { chart } = await requireChart(deps.db, input.user, input.chartId, 'read');
  return presentChart(chart, input.user, await isStarred(deps.favorites, input.user.id, 'chart', chart.id));
}
