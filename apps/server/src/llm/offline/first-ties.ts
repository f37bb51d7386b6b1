import type { Dialect } from './sql-dialect.ts';

/*
 * "Which genre has the most tracks?" when two genres have as many: both are the answer, never
 * one of them picked by the order the database happens to return. The query ranks its rows by
 * the figure (empty values last, as engines disagree where they go) and keeps those ranked first.
 */

const RANK = 'first_rank';

/** The rank of a row by an expression, as a column to select: 1 for every row tied first. */
export function rankColumn(dialect: Dialect, expression: string, direction: 'ASC' | 'DESC'): string {
  return `RANK() OVER (ORDER BY CASE WHEN ${expression} IS NULL THEN 1 ELSE 0 END, ${expression} ${direction}) AS ${dialect.id(RANK)}`;
}

/** The rows of a query selecting `rankColumn` that are ranked first, with the columns named. */
export function keepFirstTies(
  dialect: Dialect,
  inner: string,
  columns: readonly string[],
  orderBy: readonly string[],
): string {
  const named = columns.map((column) => dialect.id(column));
  return [
    `SELECT ${named.join(', ')}`,
    'FROM (',
    ...inner.split('\n').map((line) => `  ${line}`),
    ') AS ranked',
    `WHERE ${dialect.id(RANK)} = 1`,
    ...(orderBy.length > 0 ? [`ORDER BY ${orderBy.join(', ')}`] : []),
  ].join('\n');
}
