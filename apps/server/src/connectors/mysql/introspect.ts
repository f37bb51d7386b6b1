import type { PoolConnection, RowDataPacket } from 'mysql2';
import type { SchemaInfo, TableSchema } from '../connector.ts';
import { groupTables } from '../schema-builder.ts';

/** Schemas that belong to the server, not to the user's data. */
const systemSchemas = ['mysql', 'information_schema', 'performance_schema', 'sys'];

export function queryRows<T>(connection: PoolConnection, sql: string, values: unknown[] = []): Promise<T[]> {
  return new Promise((resolve, reject) => {
    connection.query<RowDataPacket[]>(sql, values, (error, rows) => {
      if (error) reject(error);
      else resolve(rows as T[]);
    });
  });
}

interface TableRow {
  schema: string;
  name: string;
  type: string;
  /** BIGINT UNSIGNED: a string when it exceeds a safe integer. */
  estimate: number | string | null;
  comment: string | null;
}
interface ColumnRow {
  schema: string;
  tableName: string;
  name: string;
  type: string;
  nullable: string;
  comment: string | null;
}
interface KeyRow {
  schema: string;
  tableName: string;
  constraintName: string;
  constraintType: string;
  column: string;
  refSchema: string | null;
  refTable: string | null;
  refColumn: string | null;
}

/**
 * Reads the connected database's schema (or every user schema when none is named) from
 * information_schema in three queries. TABLE_ROWS is InnoDB's own estimate: cheap, roughly right.
 */
export async function introspectMysql(
  connection: PoolConnection,
  database: string | null,
): Promise<SchemaInfo> {
  const scope = database ? 'IN (?)' : 'NOT IN (?)';
  const scopeValue = database ? [database] : systemSchemas;
  const tables = await queryRows<TableRow>(
    connection,
    `SELECT TABLE_SCHEMA AS \`schema\`, TABLE_NAME AS name, TABLE_TYPE AS type,
            TABLE_ROWS AS estimate, TABLE_COMMENT AS comment
     FROM information_schema.TABLES WHERE TABLE_SCHEMA ${scope}`,
    [scopeValue],
  );
  const columns = await queryRows<ColumnRow>(
    connection,
    `SELECT TABLE_SCHEMA AS \`schema\`, TABLE_NAME AS tableName, COLUMN_NAME AS name, COLUMN_TYPE AS type,
            IS_NULLABLE AS nullable, COLUMN_COMMENT AS comment
     FROM information_schema.COLUMNS WHERE TABLE_SCHEMA ${scope}
     ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION`,
    [scopeValue],
  );
  const keys = await queryRows<KeyRow>(
    connection,
    `SELECT k.TABLE_SCHEMA AS \`schema\`, k.TABLE_NAME AS tableName, k.CONSTRAINT_NAME AS constraintName,
            c.CONSTRAINT_TYPE AS constraintType, k.COLUMN_NAME AS \`column\`,
            k.REFERENCED_TABLE_SCHEMA AS refSchema, k.REFERENCED_TABLE_NAME AS refTable,
            k.REFERENCED_COLUMN_NAME AS refColumn
     FROM information_schema.KEY_COLUMN_USAGE k
     JOIN information_schema.TABLE_CONSTRAINTS c
       ON c.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND c.TABLE_SCHEMA = k.TABLE_SCHEMA
      AND c.TABLE_NAME = k.TABLE_NAME AND c.CONSTRAINT_NAME = k.CONSTRAINT_NAME
     WHERE c.CONSTRAINT_TYPE IN ('PRIMARY KEY', 'FOREIGN KEY') AND k.TABLE_SCHEMA ${scope}
     ORDER BY k.TABLE_SCHEMA, k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
    [scopeValue],
  );

  const byKey = new Map<string, { schema: string; table: TableSchema }>();
  for (const row of tables) {
    const isView = row.type === 'VIEW';
    byKey.set(`${row.schema}.${row.name}`, {
      schema: row.schema,
      table: {
        name: row.name,
        kind: isView ? 'view' : 'table',
        // MySQL reports "VIEW" as a view's comment; that is not the user's.
        comment: isView || !row.comment ? null : row.comment,
        rowEstimate: isView || row.estimate === null ? null : Number(row.estimate),
        columns: [],
        primaryKey: [],
        foreignKeys: [],
      },
    });
  }
  for (const row of columns) {
    byKey.get(`${row.schema}.${row.tableName}`)?.table.columns.push({
      name: row.name,
      type: row.type,
      nullable: row.nullable === 'YES',
      comment: row.comment || null,
    });
  }
  for (const row of keys) {
    const table = byKey.get(`${row.schema}.${row.tableName}`)?.table;
    if (!table) continue;
    if (row.constraintType === 'PRIMARY KEY') {
      table.primaryKey.push(row.column);
      continue;
    }
    let foreignKey = table.foreignKeys.find((key) => key.name === row.constraintName);
    if (!foreignKey) {
      foreignKey = {
        name: row.constraintName,
        columns: [],
        references: { schema: row.refSchema ?? row.schema, table: row.refTable ?? '', columns: [] },
      };
      table.foreignKeys.push(foreignKey);
    }
    foreignKey.columns.push(row.column);
    if (row.refColumn) foreignKey.references.columns.push(row.refColumn);
  }
  return groupTables([...byKey.values()]);
}
