import { PassThrough, type Readable } from 'node:stream';
import type { JsonValue, ResultColumn, ResultRow } from '../../connectors/index.ts';
import { loadOnce } from '../../load-once.ts';
import type { ExportStats } from './limited-batches.ts';

// exceljs and its zip libraries take a quarter of a second to load: only an XLSX export pays it.
const loadExcelJs = loadOnce(async () => (await import('exceljs')).default);

/** Rows a worksheet holds (Excel's limit), the header included. */
export const xlsxSheetRows = 1_048_576;
/** Characters a cell holds (Excel's limit); longer text is cut so the file still opens. */
const xlsxCellChars = 32_767;

type CellValue = string | number | boolean | null;

function cellValue(value: JsonValue | undefined): CellValue {
  switch (typeof value) {
    case 'number':
    case 'boolean':
      return value;
    case 'string':
      return value.length > xlsxCellChars ? value.slice(0, xlsxCellChars) : value;
    case 'undefined':
      return null;
    default:
      return value === null ? null : JSON.stringify(value).slice(0, xlsxCellChars);
  }
}

/** A writable stream as far as backpressure goes: Node's own, or the readable-stream copy exceljs uses. */
interface Drainable {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean };
  on(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
}

function isDrainable(value: unknown): value is Drainable {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Drainable>;
  return typeof candidate.on === 'function' && typeof candidate.removeListener === 'function';
}

function needsDrain(stream: Drainable): boolean {
  return stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;
}

/**
 * Resolves once `stream` has passed on what it buffered, or once the response is gone (then
 * nothing will drain any more, and the writer must stop rather than wait forever).
 */
function drained(stream: Drainable, out: PassThrough): Promise<void> {
  if (!needsDrain(stream) || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.removeListener('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    out.on('close', done);
  });
}

/**
 * The stream that carries a worksheet's XML into the zip. exceljs writes to it without ever
 * waiting, so when compression or the client falls behind, the XML piles up there; waiting for
 * it to drain is what keeps memory bounded. Reached through exceljs internals (the sheet's
 * `stream` and its `pipes`) and checked at run time: without them the export still works, only
 * without this wait.
 */
function zipEntryOf(sheet: unknown): Drainable | null {
  const stream = (sheet as { stream?: { pipes?: unknown } }).stream;
  const pipes = stream?.pipes;
  const first: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  return isDrainable(first) ? first : null;
}

/**
 * The workbook streamed with exceljs's streaming writer: each row is committed (turned into
 * XML and zipped) as it arrives, and the next batch is read only once compression and the client
 * have taken the bytes of the last, so memory stays bounded. A cut result gets a second sheet, "Truncated",
 * saying so; the data sheet holds only data.
 */
export function xlsxBody(
  columns: readonly ResultColumn[],
  batches: AsyncIterable<ResultRow[]>,
  stats: ExportStats,
  limit: number,
): Readable {
  const out = new PassThrough();
  const names = columns.map((column) => column.name);

  const write = async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Result');
    sheet.addRow(names).commit();
    const entry = zipEntryOf(sheet);
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(row.map((value) => cellValue(value))).commit();
      if (entry) await drained(entry, out);
      await drained(out, out);
      // The client went away: returning ends the loop, which closes the database stream.
      if (out.destroyed) return;
    }
    sheet.commit();
    if (stats.truncated) {
      const note = workbook.addWorksheet('Truncated');
      note
        .addRow([
          `The result has more rows; the Result sheet holds the first ${limit} (EXPORT_MAX_ROWS or the sheet limit).`,
        ])
        .commit();
      note.commit();
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
