import type { ChartConfig, ResultColumn } from '@querent/contracts';
import { AppError } from '../../errors.ts';

function invalid(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { field });
}

/**
 * Checks a chart config against the columns of its query's result, naming the exact field at
 * fault (`config.y[1]`, or under another `field` where the config is part of another body), so
 * the builder and the agent both learn what to fix.
 */
export function checkChartConfig(
  config: ChartConfig,
  columns: readonly ResultColumn[],
  field = 'config',
): void {
  const names = new Set(columns.map((column) => column.name));
  const known = columns.map((column) => column.name).join(', ');
  const requireColumn = (field: string, name: string) => {
    if (!names.has(name)) {
      throw invalid(field, `Invalid ${field}: no column "${name}" in the query's result (columns: ${known})`);
    }
  };
  requireColumn(`${field}.x`, config.x);
  config.y.forEach((name, index) => {
    requireColumn(`${field}.y[${index}]`, name);
  });
  if (config.series !== undefined && config.series !== null) requireColumn(`${field}.series`, config.series);

  if (new Set(config.y).size !== config.y.length) {
    throw invalid(`${field}.y`, `Invalid ${field}.y: a column is listed twice`);
  }
  if (config.type === 'pie' && config.y.length !== 1) {
    throw invalid(`${field}.y`, `Invalid ${field}.y: a pie chart takes exactly one value column`);
  }
  if (config.series && config.y.length !== 1) {
    throw invalid(`${field}.y`, `Invalid ${field}.y: with a series column, give exactly one value column`);
  }
}
