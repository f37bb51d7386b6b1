import { quoteIdentifier, quoteLiteral, sqlDialects } from '@querent/contracts';
import type { SqlDialect } from '../../connectors/index.ts';

/*
 * The few pieces of SQL that differ between engines: quoting names, writing a string, and taking
 * the year or the month of a date, all as the dialect's descriptor says. Everything else the
 * offline analyst writes (SELECT, JOIN, GROUP BY, ORDER BY, LIMIT, COUNT, SUM, AVG, LOWER) reads
 * the same on all of them.
 */

export interface Dialect {
  name: SqlDialect;
  /** A column or alias name, quoted when it has to be. */
  id(name: string): string;
  /** A table name as the tools write it (`schema.table` or `table`). */
  table(name: string): string;
  /** A string literal. */
  text(value: string): string;
  year(expression: string): string;
  month(expression: string): string;
  /** An expression's year compared with a year, in the type the engine returns. */
  yearEquals(expression: string, year: number): string;
}

export function dialectFor(name: SqlDialect | null): Dialect {
  const dialect = sqlDialects[name ?? 'postgres'];
  // Names we write ourselves stay bare only where no engine could read them another way.
  const id = (value: string) => quoteIdentifier(value, dialect, 'cautious');
  const { year, month } = dialect.dates;
  return {
    name: dialect.name,
    id,
    table: (value) =>
      value
        .split('.')
        .map((part) => id(part))
        .join('.'),
    text: (value) => quoteLiteral(value, dialect),
    year,
    month,
    yearEquals: (expression, value) => `${year(expression)} = ${value}`,
  };
}
