/*
 * What kind of value a column holds, read from the type name an engine's introspection gives
 * (format_type in PostgreSQL, COLUMN_TYPE in MySQL, the declared type in SQLite, DuckDB's,
 * Snowflake's and BigQuery's own names). Data-quality checks choose their tests by it: only text
 * can be blank, only dates can be stale.
 */

export type ColumnFamily = 'text' | 'number' | 'temporal' | 'boolean' | 'other';

// Checked in this order: "interval" holds "int", "point" holds "int", "datetime" holds "time".
const families: readonly (readonly [RegExp, ColumnFamily])[] = [
  [/bool|^bit\b/, 'boolean'],
  [
    /interval|point|polygon|json|array|struct|record|geo|uuid|enum|\[\]|bytea|blob|binary|variant|object/,
    'other',
  ],
  [/date|time/, 'temporal'],
  [/int|numeric|decimal|^dec\b|real|double|float|number|money|serial/, 'number'],
  [/char|text|string|clob|citext|^name$/, 'text'],
];

export function columnFamily(type: string): ColumnFamily {
  const lower = type.toLowerCase();
  return families.find(([pattern]) => pattern.test(lower))?.[1] ?? 'other';
}
