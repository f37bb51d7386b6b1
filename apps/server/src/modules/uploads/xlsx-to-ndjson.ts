import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import type { CellValue, Row } from 'exceljs';
import { AppError } from '../../errors.ts';
import { loadOnce } from '../../load-once.ts';

// exceljs and its zip libraries take a quarter of a second to load: only a workbook upload pays it.
const loadExcelJs = loadOnce(async () => (await import('exceljs')).default);

type ValueKind = 'integer' | 'double' | 'boolean' | 'date' | 'timestamp' | 'text';
type JsonCell = string | number | boolean | null;

export interface SheetColumn {
  name: string;
  /** The DuckDB type every value of the column fits. */
  type: string;
}

export interface ConvertedSheet {
  columns: SheetColumn[];
  rows: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Excel dates carry no zone; exceljs reads them as UTC, so UTC is their wall-clock time. */
function dateCell(value: Date): { json: string; kind: ValueKind } {
  const day = `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  const msOfDay = value.getTime() - Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate());
  if (msOfDay === 0) return { json: day, kind: 'date' };
  const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}.${pad(value.getUTCMilliseconds(), 3)}`;
  return { json: `${day} ${time}`, kind: 'timestamp' };
}

function richText(parts: readonly { text: string }[]): string {
  return parts.map((part) => part.text).join('');
}

/** A cell as a JSON value and the kind of value it is; formulas count as their last result. */
function readCell(value: CellValue): { json: JsonCell; kind: ValueKind | null } {
  if (value === null || value === undefined) return { json: null, kind: null };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { json: null, kind: null };
    return { json: value, kind: Number.isInteger(value) ? 'integer' : 'double' };
  }
  if (typeof value === 'boolean') return { json: value, kind: 'boolean' };
  if (typeof value === 'string')
    return value.trim() === '' ? { json: null, kind: null } : { json: value, kind: 'text' };
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return { json: null, kind: null };
    return dateCell(value);
  }
  if ('richText' in value) return readCell(richText(value.richText));
  if ('hyperlink' in value) {
    const text: unknown = value.text;
    if (typeof text === 'string') return readCell(text);
    if (typeof text === 'object' && text !== null && 'richText' in text) {
      return readCell(richText((text as { richText: { text: string }[] }).richText));
    }
    return readCell(value.hyperlink);
  }
  if ('formula' in value || 'sharedFormula' in value) {
    const result: unknown = value.result;
    if (result === undefined || (typeof result === 'object' && result !== null && 'error' in result)) {
      return { json: null, kind: null };
    }
    return readCell(result as CellValue);
  }
  // An error value such as #N/A holds no data.
  return { json: null, kind: null };
}

function duckdbType(kinds: ReadonlySet<ValueKind>): string {
  if (kinds.size === 0) return 'VARCHAR';
  const only = (...allowed: ValueKind[]) => [...kinds].every((kind) => allowed.includes(kind));
  if (only('integer')) return 'BIGINT';
  if (only('integer', 'double')) return 'DOUBLE';
  if (only('boolean')) return 'BOOLEAN';
  if (only('date')) return 'DATE';
  if (only('date', 'timestamp')) return 'TIMESTAMP';
  return 'VARCHAR';
}

function cellText(value: CellValue): string | null {
  const { json } = readCell(value);
  return json === null ? null : String(json).trim() || null;
}

/** row.values is 1-based and sparse. */
function cellsOf(row: Row): CellValue[] {
  const values = row.values;
  return Array.isArray(values) ? values.slice(1) : [];
}

class Columns {
  readonly names: string[] = [];
  readonly kinds: Set<ValueKind>[] = [];
  readonly #used = new Set<string>();

  add(raw: string | null): void {
    const base = raw ?? `column_${this.names.length + 1}`;
    let name = base;
    for (let suffix = 2; this.#used.has(name.toLowerCase()); suffix += 1) name = `${base}_${suffix}`;
    this.#used.add(name.toLowerCase());
    this.names.push(name);
    this.kinds.push(new Set());
  }
}

/**
 * Streams the first sheet of a workbook into newline-delimited JSON (keys c0, c1…), so DuckDB
 * loads it like any other file without the workbook ever being held in memory. The first row with
 * a value is the header; each column gets the one type all its values fit.
 */
export async function convertXlsxToNdjson(
  file: string,
  fileName: string,
  target: string,
): Promise<ConvertedSheet> {
  const ExcelJS = await loadExcelJs();
  const input = createReadStream(file);
  const output = createWriteStream(target);
  const columns = new Columns();
  let header = false;
  let rows = 0;
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      // Styles tell dates from plain numbers.
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        const cells = cellsOf(row);
        if (!header) {
          if (cells.every((cell) => cellText(cell) === null)) continue;
          for (const cell of cells) columns.add(cellText(cell));
          header = true;
          continue;
        }
        const record: Record<string, JsonCell> = {};
        let empty = true;
        for (const [index, cell] of cells.entries()) {
          const { json, kind } = readCell(cell);
          if (json === null || kind === null) continue;
          while (columns.names.length <= index) columns.add(null);
          record[`c${index}`] = json;
          columns.kinds[index]?.add(kind);
          empty = false;
        }
        if (empty) continue;
        rows += 1;
        if (!output.write(`${JSON.stringify(record)}\n`)) await once(output, 'drain');
      }
      // Only the first sheet becomes a table.
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError(
      'BAD_REQUEST',
      `${fileName} could not be read as an Excel workbook (it may be damaged, or not really .xlsx): ${reason}`,
      {
        field: 'file',
        cause: error,
      },
    );
  } finally {
    input.destroy();
    output.end();
    await once(output, 'close').catch(() => undefined);
  }
  return {
    columns: columns.names.map((name, index) => ({
      name,
      type: duckdbType(columns.kinds[index] ?? new Set()),
    })),
    rows,
  };
}
