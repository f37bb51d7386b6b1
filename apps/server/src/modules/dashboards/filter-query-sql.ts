import type { FilterValue, SqlDialect } from '@querent/contracts';
import { dayAfter, quoteIdentifier, sqlDialects } from '@querent/contracts';
import type { BoundValue } from '../../connectors/index.ts';
import { boundPlaceholder, statementBody } from '../../connectors/index.ts';
import { AppError } from '../../errors.ts';

/** One filter a query tile follows: the result column it is bound to and the value chosen. */
export interface ColumnFilter {
  column: string;
  value: FilterValue;
}

/**
 * A saved query's SQL filtered on its result columns without touching its text: it becomes a
 * subquery, and each condition compares a quoted column name with placeholders whose values are
 * bound by the driver, never spliced in. `SELECT * FROM (<sql>) AS q WHERE q.col >= ? AND q.col < ?`.
 */
export function filterQuerySql(
  sql: string,
  dialect: SqlDialect,
  filters: readonly ColumnFilter[],
): { sql: string; params: BoundValue[] } {
  if (filters.length === 0) return { sql, params: [] };
  const body = statementBody(sql, dialect);
  if (body === null)
    throw new AppError('BAD_REQUEST', 'This query is not one statement that can be filtered', {
      field: 'sql',
    });
  const params: BoundValue[] = [];
  const bind = (value: BoundValue): string => {
    params.push(value);
    return boundPlaceholder(dialect, params.length);
  };
  const conditions = filters.flatMap(({ column, value }) => {
    const name = `querent_filtered.${quoteIdentifier(column, sqlDialects[dialect], 'always')}`;
    if (value.kind === 'category') return [`${name} IN (${value.values.map(bind).join(', ')})`];
    if (value.kind === 'date') {
      const from = value.from === null ? [] : [`${name} >= ${bind(value.from)}`];
      const to = value.to === null ? [] : [`${name} < ${bind(dayAfter(value.to))}`];
      return [...from, ...to];
    }
    const min = value.min === null ? [] : [`${name} >= ${bind(value.min)}`];
    const max = value.max === null ? [] : [`${name} <= ${bind(value.max)}`];
    return [...min, ...max];
  });
  if (conditions.length === 0) return { sql, params: [] };
  return {
    sql: `SELECT * FROM (\n${body}\n) AS querent_filtered WHERE ${conditions.join(' AND ')}`,
    params,
  };
}

/** The distinct values of one result column of a query, in order, to offer in a filter. */
export function distinctValuesSql(sql: string, dialect: SqlDialect, column: string): string {
  const body = statementBody(sql, dialect);
  if (body === null)
    throw new AppError('BAD_REQUEST', 'This query is not one statement that can be filtered', {
      field: 'sql',
    });
  const name = `querent_values.${quoteIdentifier(column, sqlDialects[dialect], 'always')}`;
  return `SELECT DISTINCT ${name} FROM (\n${body}\n) AS querent_values WHERE ${name} IS NOT NULL ORDER BY 1`;
}
