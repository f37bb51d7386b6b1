import type { SchemaInfo, TableSchema } from '../connector.ts';
import { groupTables } from '../schema-builder.ts';

/** Runs one catalogue statement and gives its rows as objects keyed by column name. */
export type CatalogQuery = (sql: string) => Promise<Record<string, unknown>[]>;

/**
 * The current database's schema from INFORMATION_SCHEMA (tables with ROW_COUNT and COMMENT,
 * columns in order), in two queries. Keys come from SHOW PRIMARY KEYS / SHOW IMPORTED KEYS;
 * Snowflake does not enforce them, and a role may not be allowed to list them, in which case
 * tables simply come back without keys.
 */
export async function introspectSnowflake(query: CatalogQuery): Promise<SchemaInfo> {
  const tableRows = await query(`
    SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, ROW_COUNT, COMMENT
    FROM INFORMATION_SCHEMA.TABLES
    WHERE TABLE_SCHEMA <> 'INFORMATION_SCHEMA'
    ORDER BY TABLE_SCHEMA, TABLE_NAME`);
  const columnRows = await query(`
    SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, DATA_TYPE, CHARACTER_MAXIMUM_LENGTH,
           NUMERIC_PRECISION, NUMERIC_SCALE, IS_NULLABLE, COMMENT
    FROM INFORMATION_SCHEMA.COLUMNS
    WHERE TABLE_SCHEMA <> 'INFORMATION_SCHEMA'
    ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION`);
  const primaryKeys = await query('SHOW PRIMARY KEYS IN DATABASE').catch(() => []);
  const importedKeys = await query('SHOW IMPORTED KEYS IN DATABASE').catch(() => []);

  const tables = new Map<string, { schema: string; table: TableSchema }>();
  const key = (schema: unknown, table: unknown): string => `${text(schema)}\u0000${text(table)}`;
  for (const row of tableRows) {
    const isView = /VIEW/i.test(text(row.TABLE_TYPE));
    tables.set(key(row.TABLE_SCHEMA, row.TABLE_NAME), {
      schema: text(row.TABLE_SCHEMA),
      table: {
        name: text(row.TABLE_NAME),
        kind: isView ? 'view' : 'table',
        comment: optionalText(row.COMMENT),
        rowEstimate: isView ? null : optionalNumber(row.ROW_COUNT),
        columns: [],
        primaryKey: [],
        foreignKeys: [],
      },
    });
  }
  for (const row of columnRows) {
    tables.get(key(row.TABLE_SCHEMA, row.TABLE_NAME))?.table.columns.push({
      name: text(row.COLUMN_NAME),
      type: columnType(row),
      nullable: text(row.IS_NULLABLE) !== 'NO',
      comment: optionalText(row.COMMENT),
    });
  }
  for (const row of sortedBySequence(primaryKeys)) {
    tables.get(key(row.schema_name, row.table_name))?.table.primaryKey.push(text(row.column_name));
  }
  addForeignKeys(tables, key, sortedBySequence(importedKeys));
  return groupTables([...tables.values()]);
}

function addForeignKeys(
  tables: Map<string, { schema: string; table: TableSchema }>,
  key: (schema: unknown, table: unknown) => string,
  rows: readonly Record<string, unknown>[],
): void {
  for (const row of rows) {
    const entry = tables.get(key(row.fk_schema_name, row.fk_table_name));
    if (!entry) continue;
    const name = optionalText(row.fk_name);
    const target = { schema: text(row.pk_schema_name), table: text(row.pk_table_name) };
    let foreignKey = entry.table.foreignKeys.find(
      (existing) =>
        existing.name === name &&
        existing.references.schema === target.schema &&
        existing.references.table === target.table,
    );
    if (!foreignKey) {
      foreignKey = { name, columns: [], references: { ...target, columns: [] } };
      entry.table.foreignKeys.push(foreignKey);
    }
    foreignKey.columns.push(text(row.fk_column_name));
    foreignKey.references.columns.push(text(row.pk_column_name));
  }
}

/** Snowflake's own spelling: NUMBER(38,0), TEXT, TIMESTAMP_NTZ(9)… with precision where it matters. */
function columnType(row: Record<string, unknown>): string {
  const type = text(row.DATA_TYPE);
  const precision = optionalNumber(row.NUMERIC_PRECISION);
  if (type === 'NUMBER' && precision !== null)
    return `NUMBER(${precision},${optionalNumber(row.NUMERIC_SCALE) ?? 0})`;
  return type;
}

function sortedBySequence(rows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return [...rows].sort(
    (a, b) => (optionalNumber(a.key_sequence) ?? 0) - (optionalNumber(b.key_sequence) ?? 0),
  );
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

function optionalText(value: unknown): string | null {
  const result = text(value);
  return result === '' ? null : result;
}

function optionalNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
