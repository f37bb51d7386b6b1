import type { SemanticExpression, TimeGrain } from '@querent/contracts';
import { timeGrains } from '@querent/contracts';

/*
 * Other tools write a column and an SQL expression the same way, as text. A bare or
 * double-quoted identifier is a column (the compiler then quotes it for each engine); anything
 * else is SQL in the database's dialect, kept as written.
 */

const bareIdentifier = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const quotedIdentifier = /^"([^"]+)"$/;

export function columnOrSql(text: string): SemanticExpression {
  const trimmed = text.trim();
  if (bareIdentifier.test(trimmed)) return { column: trimmed };
  const quoted = quotedIdentifier.exec(trimmed);
  if (quoted?.[1] !== undefined) return { column: quoted[1] };
  return { sql: trimmed };
}

/** The column an expression names, if it is one. */
export function columnOf(text: string): string | null {
  const expression = columnOrSql(text);
  return 'column' in expression ? expression.column : null;
}

/** An expression as text other tools read: a column bare when it can be, else double-quoted. */
export function expressionText(expression: SemanticExpression): string {
  if ('sql' in expression) return expression.sql;
  return bareIdentifier.test(expression.column) ? expression.column : `"${expression.column}"`;
}

/** The grains a time dimension stored at `granularity` can be grouped by (day for finer ones). */
export function grainsFrom(granularity: string | null): TimeGrain[] | null {
  const grain = granularity === null ? 'day' : granularity.toLowerCase().replace(/s$/, '');
  const finerThanDay = ['nanosecond', 'microsecond', 'millisecond', 'second', 'minute', 'hour'];
  if (finerThanDay.includes(grain)) return [...timeGrains];
  const index = timeGrains.indexOf(grain as TimeGrain);
  return index < 0 ? null : timeGrains.slice(index);
}
