import { quoteLiteral, sqlDialects } from '@querent/contracts';
import type { SqlDialect } from '../../connectors/index.ts';
import { foldText } from '../../text/edit-distance.ts';

/*
 * The two reads of column_values, written once for every dialect: a column name and a table name
 * quoted by the engine's rules, and only what every engine speaks (GROUP BY, COUNT(*), LOWER,
 * LIKE, LIMIT), so the same text runs on PostgreSQL, MySQL, SQLite, DuckDB, Snowflake and BigQuery.
 */

/** The most frequent values of a column with their counts; NULL counted as a value of its own. */
export function topValuesSql(input: { table: string; column: string; limit: number }): string {
  return `SELECT ${input.column} AS v, COUNT(*) AS n FROM ${input.table} GROUP BY ${input.column} ORDER BY n DESC, v LIMIT ${input.limit}`;
}

/** LIKE's wildcards and escapes in what was searched stand for "any one character". */
function likeText(text: string): string {
  return text.toLowerCase().replace(/[%_\\]/g, '_');
}

/**
 * Values of a text column that contain what was searched, or the first letters of one of its
 * words, in any case: the candidates a fuzzy match ranks when the column has more values than a
 * scan of the most frequent reads.
 */
export function searchValuesSql(input: {
  table: string;
  column: string;
  searched: string;
  limit: number;
  dialect: SqlDialect;
}): string {
  const literal = (pattern: string) => quoteLiteral(pattern, sqlDialects[input.dialect]);
  const patterns = new Set([`%${likeText(input.searched.trim())}%`]);
  for (const word of foldText(input.searched).split(' ').slice(0, 3)) {
    if (word.length >= 4) patterns.add(`%${likeText(word.slice(0, 3))}%`);
  }
  const where = [...patterns]
    .map((pattern) => `LOWER(${input.column}) LIKE ${literal(pattern)}`)
    .join(' OR ');
  return `SELECT ${input.column} AS v, COUNT(*) AS n FROM ${input.table} WHERE ${where} GROUP BY ${input.column} ORDER BY n DESC, v LIMIT ${input.limit}`;
}
