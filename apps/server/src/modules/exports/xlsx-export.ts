import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { JsonValue, ResultColumn, ResultRow } from '../../connectors/index.ts';
import type { ExportStats } from './limited-batches.ts';

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

/** Resolves once the client has taken what is buffered, or the response is gone. */
function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * The workbook streamed with exceljs's streaming writer: each row is committed (turned into
 * XML and zipped) as it arrives, and the next batch is read only when the client has taken the
 * bytes of the last, so memory stays bounded. A cut result gets a second sheet, "Truncated",
 * saying so; the data sheet holds only data.
 */
export function xlsxBody(
  columns: readonly ResultColumn[],
  batches: AsyncIterable<ResultRow[]>,
  stats: ExportStats,
  limit: number,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Result');
  const names = columns.map((column) => column.name);

  const write = async () => {
    sheet.addRow(names).commit();
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(names.map((name) => cellValue(row[name]))).commit();
      await drained(out);
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
