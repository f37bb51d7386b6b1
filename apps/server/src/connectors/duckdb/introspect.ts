import type { DuckDBConnection } from '@duckdb/node-api';
import type { SchemaInfo, TableSchema } from '../connector.ts';
import { groupTables } from '../schema-builder.ts';

type JsonRow = Record<string, unknown>;

async function rows(connection: DuckDBConnection, sql: string): Promise<JsonRow[]> {
  const result = await connection.run(sql);
  return result.getRowObjectsJson();
}

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value));
const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const names = (value: unknown): string[] => (Array.isArray(value) ? value.map(text) : []);

/** Reads the current database's schema from DuckDB's catalog functions; estimated_size is free. */
export async function introspectDuckdb(connection: DuckDBConnection): Promise<SchemaInfo> {
  const scope = 'database_name = current_database() AND NOT internal AND NOT temporary';
  const tables = await rows(
    connection,
    `SELECT schema_name, table_name AS name, 'table' AS kind, estimated_size, comment FROM duckdb_tables() WHERE ${scope}
     UNION ALL
     SELECT schema_name, view_name AS name, 'view' AS kind, NULL AS estimated_size, comment FROM duckdb_views() WHERE ${scope}`,
  );
  const columns = await rows(
    connection,
    `SELECT schema_name, table_name, column_name, data_type, is_nullable, comment FROM duckdb_columns()
     WHERE database_name = current_database() AND NOT internal ORDER BY schema_name, table_name, column_index`,
  );
  const constraints = await rows(
    connection,
    `SELECT schema_name, table_name, constraint_type, constraint_name, constraint_column_names,
            referenced_table, referenced_column_names
     FROM duckdb_constraints()
     WHERE database_name = current_database() AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')
     ORDER BY schema_name, table_name, constraint_index`,
  );

  const byKey = new Map<string, { schema: string; table: TableSchema }>();
  for (const row of tables) {
    const schema = text(row.schema_name);
    const name = text(row.name);
    byKey.set(`${schema}.${name}`, {
      schema,
      table: {
        name,
        kind: row.kind === 'view' ? 'view' : 'table',
        comment: textOrNull(row.comment),
        rowEstimate: row.estimated_size === null ? null : Number(row.estimated_size),
        columns: [],
        primaryKey: [],
        foreignKeys: [],
      },
    });
  }
  for (const row of columns) {
    byKey.get(`${text(row.schema_name)}.${text(row.table_name)}`)?.table.columns.push({
      name: text(row.column_name),
      type: text(row.data_type),
      nullable: row.is_nullable === true,
      comment: textOrNull(row.comment),
    });
  }
  for (const row of constraints) {
    const schema = text(row.schema_name);
    const table = byKey.get(`${schema}.${text(row.table_name)}`)?.table;
    if (!table) continue;
    if (row.constraint_type === 'PRIMARY KEY') {
      table.primaryKey = names(row.constraint_column_names);
    } else if (row.referenced_table) {
      table.foreignKeys.push({
        name: textOrNull(row.constraint_name),
        columns: names(row.constraint_column_names),
        // DuckDB foreign keys can only point into the same schema.
        references: {
          schema,
          table: text(row.referenced_table),
          columns: names(row.referenced_column_names),
        },
      });
    }
  }
  return groupTables([...byKey.values()]);
}
