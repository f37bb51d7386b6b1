import type { Reply } from './fake-http.ts';
import { type CopyResult, type CopyTable, numericShape, valueKind } from './chinook-copy.ts';

/**
 * How the BigQuery fake speaks: table resources and query results in the REST shapes
 * (`schema.fields`, rows as `{f: [{v}]}` with every value a string), Google's error envelope,
 * and the one dialect detail it translates: backquoted `project.dataset.table` paths.
 */

export interface Field {
  name: string;
  type: string;
  mode: 'NULLABLE' | 'REQUIRED';
  description?: string;
}

export interface WireRows {
  fields: Field[];
  rows: { f: { v: string | null }[] }[];
}

/** The API's (legacy) type names for the Chinook DDL types. */
function fieldType(declared: string | null, rows: readonly unknown[][], index: number): string {
  const type = declared?.toUpperCase() ?? '';
  if (numericShape(type)) return 'NUMERIC';
  if (type === 'INTEGER') return 'INTEGER';
  if (type === 'DATETIME') return 'DATETIME';
  if (/CHAR|TEXT/.test(type)) return 'STRING';
  const kind = valueKind(rows, index);
  return kind === 'integer' ? 'INTEGER' : kind === 'real' ? 'FLOAT' : 'STRING';
}

function cell(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  // DATETIME travels as ISO text without a zone; SQLite keeps a space between date and time.
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return type === 'DATETIME' ? text.replace(' ', 'T') : text;
}

export function encodeRows(result: CopyResult): WireRows {
  const fields = result.columns.map(
    (column, index): Field => ({
      name: column.name,
      type: fieldType(column.declaredType, result.rows, index),
      mode: 'NULLABLE',
    }),
  );
  const rows = result.rows.map((row) => ({
    f: row.map((value, index) => ({ v: cell(value, fields[index]?.type ?? 'STRING') })),
  }));
  return { fields, rows };
}

/** A table resource as tables.get returns it, keys included (BigQuery records them, unenforced). */
export function tableResource(
  table: CopyTable,
  projectId: string,
  datasetId: string,
  descriptions: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const reference = { projectId, datasetId, tableId: table.name };
  const fields = table.columns.map((column, index) => {
    const description = descriptions[`${table.name}.${column.name}`];
    return {
      name: column.name,
      type: fieldType(column.declaredType, [], index),
      mode: column.notNull ? 'REQUIRED' : 'NULLABLE',
      ...(description ? { description } : {}),
    };
  });
  const description = descriptions[table.name];
  return {
    kind: 'bigquery#table',
    id: `${projectId}:${datasetId}.${table.name}`,
    tableReference: reference,
    type: 'TABLE',
    ...(description ? { description } : {}),
    schema: { fields },
    numRows: String(table.rowCount),
    numBytes: String(table.rowCount * 64),
    location: 'US',
    tableConstraints: {
      primaryKey: { columns: table.primaryKey },
      foreignKeys: table.foreignKeys.map((key) => ({
        name: key.name,
        referencedTable: { projectId, datasetId, tableId: key.table },
        columnReferences: key.columns.map((column, index) => ({
          referencingColumn: column,
          referencedColumn: key.referenced[index] ?? '',
        })),
      })),
    },
  };
}

const statuses: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
};

/** Google's JSON error envelope. */
export function apiError(code: number, message: string, reason: string): Reply {
  return {
    status: code,
    json: {
      error: {
        code,
        message,
        errors: [{ message, domain: 'global', reason }],
        status: statuses[code] ?? 'UNKNOWN',
      },
    },
  };
}

/**
 * `project.dataset.table` in backquotes (or bare) becomes `dataset.table`, which SQLite resolves
 * because the Chinook copy is attached under the dataset's name. A UNION must say ALL or DISTINCT
 * in GoogleSQL, as the real service's parser insists; SQLite's UNION is the DISTINCT one.
 */
export function translateSql(sql: string, projectId: string): string {
  const bare = /\bUNION\b(?!\s+(?:ALL|DISTINCT)\b)\s*([^\s(]*)/i.exec(sql);
  if (bare) {
    throw new Error(
      `Syntax error: Expected keyword ALL or keyword DISTINCT but got ${bare[1] ? `keyword ${bare[1].toUpperCase()}` : '"("'}`,
    );
  }
  const project = projectId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return sql
    .replace(/`([^`]+)`/g, (_, path: string) => path.replace(new RegExp(`^${project}\\.`), ''))
    .replace(new RegExp(`\\b${project}\\.`, 'g'), '')
    .replace(/\bUNION\s+DISTINCT\b/gi, 'UNION')
    .replace(/;\s*$/, '');
}

/** BigQuery's names for statement types (what a dry run reports). */
export function statementType(kind: string, sql: string): string {
  if (kind !== 'DDL') return kind;
  const words = /^\s*(\w+)\s+(?:OR\s+REPLACE\s+)?(\w+)/i.exec(sql);
  return `${words?.[1]?.toUpperCase() ?? 'CREATE'}_${words?.[2]?.toUpperCase() ?? 'TABLE'}`;
}
