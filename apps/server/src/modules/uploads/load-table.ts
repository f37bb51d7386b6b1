import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { AppError } from '../../errors.ts';
import { readCsvHeader } from './csv-header.ts';
import {
  duckdbReason,
  isConversionError,
  isEncodingError,
  isSnifferError,
  rawDuckdbMessage,
} from './duckdb-message.ts';
import type { FileKind } from './file-kind.ts';
import { kindLabels } from './file-kind.ts';
import type { ReadOptions } from './read-source.ts';
import { identifier, selectFromFile, selectFromSheet, strictCsvCheck } from './read-source.ts';
import { sanitizeTableName, tableNameFromFile, uniqueTableName } from './table-name.ts';
import { convertXlsxToNdjson } from './xlsx-to-ndjson.ts';

/** Up to this size DuckDB reads every row to choose column types; above, a sample, then all on a mismatch. */
const FULL_SAMPLE_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_SAMPLE_ROWS = 20_480;

export interface LoadTableInput {
  kind: FileKind;
  /** The received file on the server. */
  file: string;
  /** The name the user's file had, for messages and the table name. */
  fileName: string;
  size: number;
  /** A table name the user asked for; sanitised and made unique like one taken from the file name. */
  requestedName: string | null;
  /** Where intermediate files (a workbook's rows) may be written. */
  workDir: string;
}

export interface LoadedTable {
  name: string;
  rows: number;
  columns: { name: string; type: string }[];
}

/** DuckDB answers names as text; anything else is shown as JSON rather than "[object Object]". */
function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function names(connection: DuckDBConnection, sql: string): Promise<string[]> {
  const reader = await connection.runAndReadAll(sql);
  return reader.getRowsJS().map((row) => text(row[0]));
}

async function chooseTableName(connection: DuckDBConnection, input: LoadTableInput): Promise<string> {
  const reserved = new Set(
    await names(connection, "SELECT keyword_name FROM duckdb_keywords() WHERE keyword_category = 'reserved'"),
  );
  const taken = await names(
    connection,
    `SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main'
     UNION ALL SELECT view_name FROM duckdb_views() WHERE schema_name = 'main' AND NOT internal`,
  );
  const requested = input.requestedName === null ? '' : sanitizeTableName(input.requestedName, reserved);
  return uniqueTableName(requested || tableNameFromFile(input.fileName, reserved), taken);
}

function noRows(fileName: string): AppError {
  return new AppError('BAD_REQUEST', `${fileName} has no rows to load (only a header, or nothing at all)`, {
    field: 'file',
  });
}

/**
 * One attempt in one transaction: the table exists afterwards with at least one row, or not at
 * all. DuckDB aborts a transaction on the first error, so a retry starts a new one.
 */
async function createTable(
  connection: DuckDBConnection,
  table: string,
  select: string,
  fileName: string,
): Promise<LoadedTable> {
  await connection.run('BEGIN TRANSACTION');
  try {
    await connection.run(`CREATE TABLE ${identifier(table)} AS ${select}`);
    const counted = await connection.runAndReadAll(`SELECT count(*) FROM ${identifier(table)}`);
    const rows = Number(counted.getRowsJS()[0]?.[0] ?? 0);
    if (rows === 0) throw noRows(fileName);
    const described = await connection.runAndReadAll(
      `SELECT column_name, data_type FROM duckdb_columns()
       WHERE schema_name = 'main' AND table_name = $1 ORDER BY column_index`,
      [table],
    );
    const columns = described.getRowsJS().map((row) => ({ name: text(row[0]), type: text(row[1]) }));
    await connection.run('COMMIT');
    return { name: table, rows, columns };
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

function unreadable(input: LoadTableInput, error: unknown): AppError {
  const reason = duckdbReason(error, input.file, input.fileName);
  return new AppError(
    'BAD_REQUEST',
    `${input.fileName} could not be read as ${kindLabels[input.kind]}: ${reason}`,
    { field: 'file', cause: error },
  );
}

/** The sniffer's "could not detect the dialect" hides the cause; a strict re-read names the line. */
async function explainCsvFailure(
  connection: DuckDBConnection,
  input: LoadTableInput,
  options: ReadOptions,
  names: readonly string[],
  original: unknown,
): Promise<AppError> {
  try {
    await connection.run(strictCsvCheck(input.file, names, options));
  } catch (error) {
    return unreadable(input, error);
  }
  return unreadable(input, original);
}

async function loadDelimited(
  connection: DuckDBConnection,
  table: string,
  input: LoadTableInput & { kind: 'csv' | 'tsv' | 'json' | 'ndjson' | 'parquet' },
): Promise<LoadedTable> {
  const header =
    input.kind === 'csv' || input.kind === 'tsv' ? await readCsvHeader(input.file, input.kind) : null;
  let options: ReadOptions = {
    sampleSize: input.size <= FULL_SAMPLE_MAX_BYTES ? -1 : DEFAULT_SAMPLE_ROWS,
    ...(header ? { delimiter: header.delimiter } : {}),
  };
  for (;;) {
    try {
      return await createTable(
        connection,
        table,
        selectFromFile(input.kind, input.file, options),
        input.fileName,
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      // A value past the sample that does not fit the guessed type: look at every row instead.
      if (isConversionError(error) && options.sampleSize !== -1) {
        options = { ...options, sampleSize: -1 };
        continue;
      }
      // Spreadsheets in many locales still save CSV as Latin-1 rather than UTF-8.
      if (header && isEncodingError(error) && options.encoding === undefined) {
        options = { ...options, encoding: 'latin-1' };
        continue;
      }
      if (header && isSnifferError(error)) {
        throw await explainCsvFailure(connection, input, options, header.names, error);
      }
      throw unreadable(input, error);
    }
  }
}

async function loadWorkbook(
  connection: DuckDBConnection,
  table: string,
  input: LoadTableInput,
): Promise<LoadedTable> {
  const ndjson = path.join(input.workDir, `${randomUUID()}.ndjson`);
  try {
    const sheet = await convertXlsxToNdjson(input.file, input.fileName, ndjson);
    if (sheet.rows === 0 || sheet.columns.length === 0) throw noRows(input.fileName);
    try {
      return await createTable(connection, table, selectFromSheet(ndjson, sheet.columns), input.fileName);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(
        'BAD_REQUEST',
        `${input.fileName} could not be loaded: ${duckdbReason(error, ndjson, input.fileName)}`,
        { field: 'file', cause: new Error(rawDuckdbMessage(error)) },
      );
    }
  } finally {
    await rm(ndjson, { force: true });
  }
}

/**
 * Loads an uploaded file as a new table of the open DuckDB database. On any failure no table is
 * left behind; the caller decides what happens to the database file itself.
 */
export async function loadTable(connection: DuckDBConnection, input: LoadTableInput): Promise<LoadedTable> {
  const table = await chooseTableName(connection, input);
  if (input.kind === 'xlsx') return loadWorkbook(connection, table, input);
  return loadDelimited(connection, table, { ...input, kind: input.kind });
}
