import {
  type ChinookCopy,
  type CopyResult,
  type CopyTable,
  numericShape,
  sqliteDateTimeMs,
  valueKind,
} from './chinook-copy.ts';

/**
 * How the Snowflake fake speaks: result sets as the JSON `rowtype` + `rowset` the driver decodes
 * (every cell a string, timestamps as epoch seconds), errors with a Snowflake code and SQL state,
 * the catalogue Snowflake would show for Chinook loaded with unquoted names (upper case), and the
 * few dialect details translated before SQLite runs the text.
 */

export interface WireColumn {
  name: string;
  type: 'fixed' | 'real' | 'text' | 'timestamp_ntz';
  precision: number | null;
  scale: number | null;
  length: number | null;
  nullable: boolean;
  database: string;
  schema: string;
  table: string;
  byteLength: number | null;
  collation: null;
}

export interface WireResult {
  rowtype: WireColumn[];
  rowset: (string | null)[][];
  statementTypeId: number;
}

/** The session parameters Snowflake returns with every result; the driver formats values with them. */
export const outputParameters = [
  { name: 'TIMEZONE', value: 'UTC' },
  { name: 'DATE_OUTPUT_FORMAT', value: 'YYYY-MM-DD' },
  { name: 'TIME_OUTPUT_FORMAT', value: 'HH24:MI:SS' },
  { name: 'TIMESTAMP_OUTPUT_FORMAT', value: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM' },
  { name: 'TIMESTAMP_NTZ_OUTPUT_FORMAT', value: 'YYYY-MM-DD HH24:MI:SS.FF3' },
  { name: 'TIMESTAMP_LTZ_OUTPUT_FORMAT', value: '' },
  { name: 'TIMESTAMP_TZ_OUTPUT_FORMAT', value: '' },
  { name: 'CLIENT_SESSION_KEEP_ALIVE', value: false },
];

const statementTypeIds: Record<string, number | undefined> = {
  SELECT: 0x1000,
  INSERT: 0x3100,
  UPDATE: 0x3200,
  DELETE: 0x3300,
  MERGE: 0x3400,
};

function wireColumn(name: string, declaredType: string | null, rows: unknown[][], index: number): WireColumn {
  const base = { name, precision: null, scale: null, length: null, byteLength: null, nullable: true };
  const place = { database: '', schema: '', table: '', collation: null };
  const declared = declaredType?.toUpperCase() ?? '';
  const numeric = numericShape(declared);
  if (numeric) return { ...base, ...place, type: 'fixed', ...numeric };
  if (declared === 'INTEGER') return { ...base, ...place, type: 'fixed', precision: 38, scale: 0 };
  if (declared === 'DATETIME') return { ...base, ...place, type: 'timestamp_ntz', scale: 9 };
  const text = /CHAR\s*\((\d+)\)/.exec(declared);
  if (text || declared === 'TEXT') {
    const length = text ? Number(text[1]) : 16777216;
    return { ...base, ...place, type: 'text', length, byteLength: length * 4 };
  }
  const kind = valueKind(rows, index);
  if (kind === 'integer') return { ...base, ...place, type: 'fixed', precision: 38, scale: 0 };
  if (kind === 'real') return { ...base, ...place, type: 'real' };
  return { ...base, ...place, type: 'text', length: 16777216, byteLength: 16777216 };
}

function wireCell(value: unknown, column: WireColumn): string | null {
  if (value === null || value === undefined) return null;
  if (column.type === 'fixed' && column.scale) return Number(value).toFixed(column.scale);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return column.type === 'timestamp_ntz' ? (sqliteDateTimeMs(text) / 1000).toFixed(9) : text;
}

/**
 * A SQLite result as Snowflake sends it. Unquoted names come back upper case (Snowflake folds
 * them); a name written in double quotes in the statement keeps its case.
 */
export function encodeResult(result: CopyResult, sqlText: string, keepNames = false): WireResult {
  if (!result.reader) {
    const changed = { ...wireColumn('number of rows affected', 'INTEGER', [], 0), nullable: false };
    const word = /^\s*(\w+)/.exec(sqlText)?.[1]?.toUpperCase() ?? '';
    const statementTypeId = statementTypeIds[word] ?? 0x6000;
    return { rowtype: [changed], rowset: [[String(result.changes)]], statementTypeId };
  }
  const rowtype = result.columns.map((column, index) => {
    const written = unmarked(column.name);
    const quoted = sqlText.includes(`"${written}"`);
    const name = keepNames || quoted ? written : written.toUpperCase();
    return wireColumn(name, column.declaredType, result.rows, index);
  });
  const rowset = result.rows.map((row) =>
    row.map((value, index) => wireCell(value, rowtype[index] as WireColumn)),
  );
  return { rowtype, rowset, statementTypeId: 0x1000 };
}

/** The error body of a failed statement: Snowflake's code, SQL state and message. */
export function errorBody(
  code: string,
  sqlState: string,
  message: string,
  queryId: string | null,
): Record<string, unknown> {
  return {
    data: { internalError: false, errorCode: code, age: 0, sqlState, queryId, line: -1, pos: -1 },
    code,
    message,
    success: false,
    headers: null,
  };
}

/** SQLite's message under Snowflake's heading, with the code and state Snowflake uses for the same mistake. */
export function sqlFailure(error: unknown, queryId: string): Record<string, unknown> {
  const message = error instanceof Error ? error.message : String(error);
  if (/no such column/i.test(message)) {
    return errorBody('000904', '42000', `SQL compilation error:\n${message}`, queryId);
  }
  if (/no such table/i.test(message)) {
    return errorBody('002003', '42S02', `SQL compilation error:\n${message}`, queryId);
  }
  if (/syntax error|incomplete input/i.test(message)) {
    return errorBody('001003', '42000', `SQL compilation error:\n${message}`, queryId);
  }
  return errorBody('100035', '22000', message, queryId);
}

/** An identifier as written in SQL: quoted, or bare (which Snowflake folds to upper case). */
const identifier = (name: string): string => `(?:"${name}"|\\b${name}\\b)`;

/** Removes `DB.SCHEMA.` and `SCHEMA.` qualifiers of the fake's one schema; SYSTEM$WAIT becomes its answer. */
export function translateSql(sqlText: string, database: string, schema: string): string {
  const db = identifier(database);
  return sqlText
    .replace(new RegExp(`${db}\\.(?=${identifier('INFORMATION_SCHEMA')})`, 'gi'), '')
    .replace(new RegExp(`(?:${db}\\.)?${identifier(schema)}\\.`, 'gi'), '')
    .replace(/SYSTEM\$WAIT\s*\(\s*(\d+)\s*\)/gi, "'waited $1 seconds'")
    .replace(/;\s*$/, '');
}

// Marks a quoted name that is not all upper case, so that SQLite (blind to case) no longer takes
// it for the same name written bare, which Snowflake raises to upper case.
const caseMark = '\u2063';

/**
 * Snowflake's name resolution on SQLite: a bare name is its upper case, a quoted one exactly as
 * written, so `"semantic_rows"` and `semantic_rows` are two names (the second is SEMANTIC_ROWS)
 * and `"Track"` is no table. Quoted names with a lower-case letter get a mark SQLite keeps apart;
 * string literals and comments are left as they are.
 */
export function keepQuotedCase(sqlText: string): string {
  return sqlText.replace(
    /'(?:[^'\\]|\\.|'')*'|--[^\n]*|\/\*[\s\S]*?\*\/|"((?:[^"]|"")*)"/g,
    (token, quoted: string | undefined) =>
      quoted !== undefined && quoted !== quoted.toUpperCase() ? `"${quoted}${caseMark}"` : token,
  );
}

/** A result column's name as Snowflake gives it, without the mark of `keepQuotedCase`. */
function unmarked(name: string): string {
  return name.replaceAll(caseMark, '');
}

/** Seconds a `SYSTEM$WAIT(n)` in the statement asks for, or null. */
export function waitSeconds(sqlText: string): number | null {
  const match = /SYSTEM\$WAIT\s*\(\s*(\d+)\s*\)/i.exec(sqlText);
  return match ? Number(match[1]) : null;
}

/** Snowflake's DATA_TYPE names for the Chinook DDL types. */
function snowflakeType(declared: string): {
  dataType: string;
  length: number | null;
  precision: number | null;
  scale: number | null;
} {
  const numeric = numericShape(declared);
  if (numeric) return { dataType: 'NUMBER', length: null, ...numeric };
  if (/^INTEGER$/i.test(declared)) return { dataType: 'NUMBER', length: null, precision: 38, scale: 0 };
  if (/^DATETIME$/i.test(declared))
    return { dataType: 'TIMESTAMP_NTZ', length: null, precision: null, scale: 9 };
  const length = Number(/\((\d+)\)/.exec(declared)?.[1] ?? 16777216);
  return { dataType: 'TEXT', length, precision: null, scale: null };
}

/**
 * INFORMATION_SCHEMA.TABLES and COLUMNS as real tables in an attached database, so the catalogue
 * queries a connector sends run unchanged.
 */
export function createInformationSchema(
  copy: ChinookCopy,
  database: string,
  schema: string,
  comments: Readonly<Record<string, string>>,
): void {
  const db = copy.db;
  db.exec(`ATTACH DATABASE ':memory:' AS INFORMATION_SCHEMA;
    CREATE TABLE INFORMATION_SCHEMA.TABLES (TABLE_CATALOG TEXT, TABLE_SCHEMA TEXT, TABLE_NAME TEXT,
      TABLE_TYPE TEXT, ROW_COUNT INTEGER, BYTES INTEGER, COMMENT TEXT);
    CREATE TABLE INFORMATION_SCHEMA.COLUMNS (TABLE_CATALOG TEXT, TABLE_SCHEMA TEXT, TABLE_NAME TEXT,
      COLUMN_NAME TEXT, ORDINAL_POSITION INTEGER, IS_NULLABLE TEXT, DATA_TYPE TEXT,
      CHARACTER_MAXIMUM_LENGTH INTEGER, NUMERIC_PRECISION INTEGER, NUMERIC_SCALE INTEGER, COMMENT TEXT);`);
  const addTable = db.prepare('INSERT INTO INFORMATION_SCHEMA.TABLES VALUES (?, ?, ?, ?, ?, ?, ?)');
  const addColumn = db.prepare(
    'INSERT INTO INFORMATION_SCHEMA.COLUMNS VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const view of ['TABLES', 'COLUMNS']) {
    addTable.run(database, 'INFORMATION_SCHEMA', view, 'VIEW', null, null, 'The catalogue');
  }
  for (const table of copy.tables()) {
    const name = table.name.toUpperCase();
    addTable.run(
      database,
      schema,
      name,
      'BASE TABLE',
      table.rowCount,
      table.rowCount * 64,
      comments[name] ?? null,
    );
    table.columns.forEach((column, index) => {
      const type = snowflakeType(column.declaredType);
      const comment = comments[`${name}.${column.name.toUpperCase()}`] ?? null;
      addColumn.run(
        database,
        schema,
        name,
        column.name.toUpperCase(),
        index + 1,
        column.notNull ? 'NO' : 'YES',
        type.dataType,
        type.length,
        type.precision,
        type.scale,
        comment,
      );
    });
  }
}

const created = '2024-01-01 00:00:00';

function showResult(names: string[], rows: unknown[][]): CopyResult {
  const columns = names.map((name) => ({
    name,
    declaredType: name === 'key_sequence' ? 'INTEGER' : name === 'created_on' ? 'DATETIME' : 'TEXT',
  }));
  return { columns, rows, reader: true, changes: 0 };
}

/** SHOW PRIMARY KEYS, in Snowflake's output columns (lower-case names, one row per key column). */
export function showPrimaryKeys(tables: readonly CopyTable[], database: string, schema: string): CopyResult {
  const rows = tables.flatMap((table) =>
    table.primaryKey.map((column, index) => [
      created,
      database,
      schema,
      table.name.toUpperCase(),
      column.toUpperCase(),
      index + 1,
      `PK_${table.name.toUpperCase()}`,
      'false',
      null,
    ]),
  );
  return showResult(
    [
      'created_on',
      'database_name',
      'schema_name',
      'table_name',
      'column_name',
      'key_sequence',
      'constraint_name',
      'rely',
      'comment',
    ],
    rows,
  );
}

/** SHOW IMPORTED KEYS: one row per column of each foreign key. */
export function showImportedKeys(tables: readonly CopyTable[], database: string, schema: string): CopyResult {
  const rows = tables.flatMap((table) =>
    table.foreignKeys.flatMap((key) =>
      key.columns.map((column, index) => [
        created,
        database,
        schema,
        key.table.toUpperCase(),
        (key.referenced[index] ?? '').toUpperCase(),
        database,
        schema,
        table.name.toUpperCase(),
        column.toUpperCase(),
        index + 1,
        'NO ACTION',
        'NO ACTION',
        key.name.toUpperCase(),
        `PK_${key.table.toUpperCase()}`,
        'NOT DEFERRABLE',
        'false',
        null,
      ]),
    ),
  );
  return showResult(
    [
      'created_on',
      'pk_database_name',
      'pk_schema_name',
      'pk_table_name',
      'pk_column_name',
      'fk_database_name',
      'fk_schema_name',
      'fk_table_name',
      'fk_column_name',
      'key_sequence',
      'update_rule',
      'delete_rule',
      'fk_name',
      'pk_name',
      'deferrability',
      'rely',
      'comment',
    ],
    rows,
  );
}
