import type { SqlDialect } from './connector.ts';
import { ConnectorError } from './connector-error.ts';

/** The engines whose connector sends `RunOptions.params` to the database as bound values. */
const bindingDialects: ReadonlySet<SqlDialect> = new Set(['postgres', 'mysql', 'sqlite', 'duckdb']);

/** Whether a statement on this dialect may carry bound values. */
export function bindsValues(dialect: SqlDialect): boolean {
  return bindingDialects.has(dialect);
}

/**
 * The placeholder of the bound value at `position` (from 1): PostgreSQL numbers them, the others
 * take them in order. Only placeholders reach the SQL; the values go to the driver.
 */
export function boundPlaceholder(dialect: SqlDialect, position: number): string {
  if (!bindsValues(dialect))
    throw new ConnectorError('unsupported', `Filters with bound values are not supported on ${dialect} yet`);
  return dialect === 'postgres' ? `$${position}` : '?';
}

/** For the engines that cannot bind: a run carrying values is refused rather than run without them. */
export function refuseBoundValues(dialect: SqlDialect, params: readonly unknown[] | undefined): void {
  if (params !== undefined && params.length > 0) boundPlaceholder(dialect, 1);
}

/**
 * mysql2 puts each value (escaped) in place of the next `?` of the text, whether that `?` is a
 * placeholder or sits in a string or a comment: a `?` of the statement's own would take a value
 * meant elsewhere, inside a literal. So a statement with values must hold exactly one `?` per value.
 */
export function checkQuestionMarks(sql: string, params: readonly unknown[] | undefined): void {
  if (params === undefined || params.length === 0) return;
  const marks = sql.split('?').length - 1;
  if (marks !== params.length)
    throw new ConnectorError(
      'unsupported',
      'This query contains a question mark of its own, so it cannot be filtered on MySQL',
    );
}
