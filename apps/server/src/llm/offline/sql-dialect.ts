import type { SqlDialect } from '../../connectors/index.ts';

/*
 * The few pieces of SQL that differ between engines: quoting names, writing a string, and taking
 * the year or the month of a date. Everything else the offline analyst writes (SELECT, JOIN,
 * GROUP BY, ORDER BY, LIMIT, COUNT, SUM, AVG, LOWER) reads the same on all of them.
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

// Words no engine lets stand unquoted as a name, or that read as something else.
const reserved = new Set(
  `all and any as asc between by case cast check column constraint create cross current date day
default delete desc distinct drop else end exists false fetch for foreign from full group having
in index inner insert interval into is join key left like limit month natural not null of offset on
or order outer primary range rank references right row rows select set some table then time
timestamp to true union unique update user using values when where window with year`.split(/\s+/),
);

function needsQuotes(name: string, dialect: SqlDialect): boolean {
  if (reserved.has(name.toLowerCase())) return true;
  // Snowflake folds unquoted names to upper case, the others (as far as quoting goes) to lower.
  return dialect === 'snowflake' ? !/^[A-Z_][A-Z0-9_$]*$/.test(name) : !/^[a-z_][a-z0-9_]*$/.test(name);
}

export function dialectFor(name: SqlDialect | null): Dialect {
  const dialect = name ?? 'postgres';
  const backticks = dialect === 'mysql' || dialect === 'bigquery';
  const id = (value: string) => {
    if (!needsQuotes(value, dialect)) return value;
    return backticks ? `\`${value.replaceAll('`', '``')}\`` : `"${value.replaceAll('"', '""')}"`;
  };
  // MySQL and BigQuery read backslashes in strings as escapes; the others double the quote.
  const text = backticks
    ? (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
    : (value: string) => `'${value.replaceAll("'", "''")}'`;
  const byDialect: Record<SqlDialect, { year: (e: string) => string; month: (e: string) => string }> = {
    sqlite: {
      year: (e) => `CAST(strftime('%Y', ${e}) AS INTEGER)`,
      month: (e) => `strftime('%Y-%m', ${e})`,
    },
    postgres: {
      year: (e) => `CAST(EXTRACT(YEAR FROM ${e}) AS INTEGER)`,
      month: (e) => `to_char(${e}, 'YYYY-MM')`,
    },
    duckdb: {
      year: (e) => `CAST(EXTRACT(YEAR FROM ${e}) AS INTEGER)`,
      month: (e) => `strftime(${e}, '%Y-%m')`,
    },
    mysql: { year: (e) => `YEAR(${e})`, month: (e) => `DATE_FORMAT(${e}, '%Y-%m')` },
    snowflake: { year: (e) => `YEAR(${e})`, month: (e) => `TO_CHAR(${e}, 'YYYY-MM')` },
    bigquery: {
      year: (e) => `EXTRACT(YEAR FROM ${e})`,
      month: (e) => `FORMAT_DATE('%Y-%m', DATE(${e}))`,
    },
  };
  const { year, month } = byDialect[dialect];
  return {
    name: dialect,
    id,
    table: (value) =>
      value
        .split('.')
        .map((part) => id(part))
        .join('.'),
    text,
    year,
    month,
    yearEquals: (e, value) => `${year(e)} = ${value}`,
  };
}
