import type { Chart, UpdateChartBody } from '@querent/contracts';
import type { FavoriteFlags } from '../queries/favorite-flags.ts';
import type { RunQueryDeps } from '../queries/run-query.ts';
import type { User } from '../users/user.ts';
import { chartNotFound, requireChart } from './chart-access.ts';
import { checkChartConfig } from './chart-config.ts';
import { updateChart as updateChartRow } from './charts.repo.ts';
import { getChart } from './get-chart.ts';
import { chartableColumns } from './result-columns.ts';

/** PUT /api/charts/{id}: the owner renames it or changes its config (checked like on creation). */
export async function updateChart(
  deps: RunQueryDeps & { favorites: FavoriteFlags },
  input: { user: User; chartId: string; body: UpdateChartBody },
): Promise<Chart> {
  const { chart, query, database } = await requireChart(deps.db, input.user, input.chartId, 'write');
  if (input.body.config !== undefined) {
    checkChartConfig(input.body.config, await chartableColumns(deps, { user: input.user, query, database }));
  }
  const updated = await updateChartRow(deps.db, chart.id, {
    ...(input.body.title === undefined ? {} : { title: input.body.title }),
    ...(input.body.config === undefined ? {} : { config: input.body.config }),
  });
  if (!updated) throw chartNotFound();
  return getChart(deps, { user: input.user, chartId: chart.id });
}
