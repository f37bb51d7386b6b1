import { formatNumber, type NumberKind } from '@querent/contracts';
import { readerLocale } from '../../lib/reader-locale.ts';

/**
 * A result value exactly as the database gave it, for copied text, a cell's title and anything
 * that must keep the value: drivers hand back numbers, strings, booleans, null, dates (as strings
 * or Date), big integers as strings and JSON as objects.
 */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * How a cell of a numeric column reads on screen: in the reader's locale, by the column's kind
 * (2,024.5 for a measure, 2024 for a year or an id); anything else as `displayValue` shows it.
 */
export function readableValue(value: unknown, kind: NumberKind): string {
  return formatNumber(value, kind, readerLocale()) ?? displayValue(value);
}

/** Copied text has no NULL marker: a spreadsheet reads an empty field as empty. */
export function copyValue(value: unknown): string {
  return value === null || value === undefined ? '' : displayValue(value);
}

/** A field quoted the way spreadsheets read TSV when it holds a tab, a line break or a quote. */
export function tsvField(text: string): string {
  return /[\t\n\r"]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of values as TSV: tab between fields, a line break between rows. */
export function toTsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map((value) => tsvField(copyValue(value))).join('\t')).join('\n');
}

const numericType =
  /^(int|integer|smallint|bigint|tinyint|mediumint|int[248]|float[48]?|real|double|double precision|decimal|numeric|number|money|hugeint|ubigint|uinteger|usmallint|utinyint|int64|float64|bignumeric)\b/i;

/** Numbers are right-aligned and sort as numbers; the database's type name says which are. */
export function isNumericType(type: string): boolean {
  return numericType.test(type.trim());
}

// What drivers report when the database gives no type: SQLite for expressions, NULL columns.
const untyped = /^\s*(unknown|null|any)?\s*$/i;

/** How many values are looked at to guess a column's kind when the database gives no type. */
const SAMPLE_SIZE = 50;

/**
 * Whether a result column holds numbers: by its type name, or, when the database reports none
 * (SQLite has no type for an expression such as `count(*)`: "unknown"), by its first non-null
 * values, which sit at the column's position (`index`) in each row.
 */
export function isNumericColumn(
  column: { type: string },
  index: number,
  rows: readonly (readonly unknown[])[],
): boolean {
  if (!untyped.test(column.type)) return isNumericType(column.type);
  let seen = 0;
  for (const row of rows) {
    const value = row[index];
    if (value === null || value === undefined) continue;
    if (typeof value !== 'number' && typeof value !== 'bigint') return false;
    seen += 1;
    if (seen >= SAMPLE_SIZE) break;
  }
  return seen > 0;
}
