import type { Chart, CreateChartBody } from '@querent/contracts';
import { authorizeKind } from '../access/authorize.ts';
import { kindSubject } from '../access/subject.ts';
import type { FavoriteFlags } from '../queries/favorite-flags.ts';
import { requireQuery } from '../queries/query-access.ts';
import type { RunQueryDeps } from '../queries/run-query.ts';
import type { User } from '../users/user.ts';
import { checkChartConfig } from './chart-config.ts';
import { insertChart } from './charts.repo.ts';
import { getChart } from './get-chart.ts';
import { chartableColumns } from './result-columns.ts';

/**
 * POST /api/charts: a chart of any query the user may read, its config checked against the
 * query's result columns (400 naming e.g. `config.y[1]`).
 */
export async function createChart(
  deps: RunQueryDeps & { favorites: FavoriteFlags },
  input: { user: User; body: CreateChartBody },
): Promise<Chart> {
  authorizeKind(input.user, 'create', kindSubject('chart'), 'You may not make charts');
  const { query, database } = await requireQuery(deps.db, input.user, input.body.queryId, 'read');
  const columns = await chartableColumns(deps, { user: input.user, query, database });
  checkChartConfig(input.body.config, columns);
  const id = await insertChart(deps.db, {
    queryId: query.id,
    title: input.body.title,
    config: input.body.config,
    ownerId: input.user.id,
  });
  return getChart(deps, { user: input.user, chartId: id });
}
