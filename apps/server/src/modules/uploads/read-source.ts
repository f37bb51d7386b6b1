import type { FileKind } from './file-kind.ts';
import type { SheetColumn } from './xlsx-to-ndjson.ts';

/** A SQL string literal. */
export function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A quoted SQL identifier. */
export function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export interface ReadOptions {
  /** Rows DuckDB reads to choose column types; -1 reads them all. */
  sampleSize: number;
  /** CSV only: the file's delimiter, fixed beforehand (see csv-header.ts). */
  delimiter?: string;
  /** CSV only: set when the file is not UTF-8. */
  encoding?: 'latin-1';
}

/** CSV as the standard has it: a header, double quotes, and every row as wide as the header. */
function csvOptions(options: ReadOptions): string {
  const parts = [
    'header=true',
    `delim=${literal(options.delimiter ?? ',')}`,
    `quote='"'`,
    `escape='"'`,
    'strict_mode=true',
    'null_padding=false',
    `sample_size=${options.sampleSize}`,
  ];
  if (options.encoding) parts.push(`encoding=${literal(options.encoding)}`);
  return parts.join(', ');
}

/** The SELECT that reads an uploaded file of a kind DuckDB reads itself. */
export function selectFromFile(kind: Exclude<FileKind, 'xlsx'>, file: string, options: ReadOptions): string {
  switch (kind) {
    case 'csv':
    case 'tsv':
      return `SELECT * FROM read_csv(${literal(file)}, ${csvOptions(options)})`;
    case 'json':
      return `SELECT * FROM read_json(${literal(file)}, format='auto', sample_size=${options.sampleSize})`;
    case 'ndjson':
      return `SELECT * FROM read_json(${literal(file)}, format='newline_delimited', sample_size=${options.sampleSize})`;
    case 'parquet':
      return `SELECT * FROM read_parquet(${literal(file)})`;
  }
}

/**
 * The same header again with every column as text and type detection off: DuckDB then names the
 * broken line (unterminated quote, too many values) where its sniffer only says it gave up.
 */
export function strictCsvCheck(file: string, names: readonly string[], options: ReadOptions): string {
  const columns = names.map((name, index) => `${literal(`c${index}_${name}`)}: 'VARCHAR'`).join(', ');
  return `SELECT count(*) FROM read_csv(${literal(file)}, ${csvOptions(options)}, auto_detect=false, columns={${columns}})`;
}

/** The converted sheet, with its header's names and the types found for each column. */
export function selectFromSheet(ndjson: string, columns: readonly SheetColumn[]): string {
  const typed = columns.map((column, index) => `'c${index}': ${literal(column.type)}`).join(', ');
  const named = columns.map((column, index) => `c${index} AS ${identifier(column.name)}`).join(', ');
  return `SELECT ${named} FROM read_json(${literal(ndjson)}, format='newline_delimited', columns={${typed}})`;
}
