import type { ChartConfig, ResultColumn, ResultRow } from '../../api/query-types.ts';
import { isNumericColumn } from '../../components/results-grid/format-value.ts';

const temporalType = /^(date|time|timestamp|datetime)/i;

/**
 * A first chart for a result: the first non-numeric column across, the first numeric one up
 * (a line when the x column is a date or time, bars otherwise). Null when nothing is numeric.
 */
export function suggestChartConfig(
  columns: readonly ResultColumn[],
  rows: readonly ResultRow[],
): ChartConfig | null {
  const numeric = columns.filter((column, index) => isNumericColumn(column, index, rows));
  const category = columns.find((column) => !numeric.includes(column));
  const x = category ?? (numeric.length > 1 ? numeric[0] : undefined);
  const y = numeric.find((column) => column !== x);
  if (!x || !y) return null;
  return { type: temporalType.test(x.type) ? 'line' : 'bar', x: x.name, y: [y.name], series: null };
}
