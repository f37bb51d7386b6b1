import { open } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors.ts';

/** What an uploaded file is read as; NDJSON is JSON with one value per line. */
export type FileKind = 'csv' | 'tsv' | 'json' | 'ndjson' | 'parquet' | 'xlsx';

const kindByExtension: Readonly<Record<string, FileKind>> = {
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.tab': 'tsv',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.parquet': 'parquet',
  '.xlsx': 'xlsx',
};

export const kindLabels: Readonly<Record<FileKind, string>> = {
  csv: 'CSV',
  tsv: 'TSV',
  json: 'JSON',
  ndjson: 'JSON',
  parquet: 'Parquet',
  xlsx: 'Excel (.xlsx)',
};

/** The web app checks files with the same wording before sending them. */
export function unsupportedTypeMessage(fileName: string): string {
  const extension = path.extname(fileName).toLowerCase();
  const shown = extension === '' ? 'a file without an extension' : extension;
  return `Unsupported file type: ${shown} — upload CSV, TSV, JSON, Parquet or XLSX`;
}

/** The kind the file name promises, or 415 before a byte of it is stored. */
export function kindFromName(fileName: string): FileKind {
  const kind = kindByExtension[path.extname(fileName).toLowerCase()];
  if (!kind)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', unsupportedTypeMessage(fileName), { field: 'file' });
  return kind;
}

const SNIFF_BYTES = 4096;

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const startsWith = (head: Buffer, bytes: readonly number[]) =>
  bytes.every((byte, index) => head[index] === byte);
const PARQUET_MAGIC = [0x50, 0x41, 0x52, 0x31]; // "PAR1"
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // xlsx is a zip archive
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0]; // legacy .xls and other Office files

/** What the bytes look like, to name the real type when the extension lies. */
function describeBinary(head: Buffer): string | null {
  if (startsWith(head, PARQUET_MAGIC)) return 'a Parquet file';
  if (startsWith(head, ZIP_MAGIC)) return 'a zip archive such as an Excel workbook';
  if (startsWith(head, OLE_MAGIC)) return 'a legacy Office file such as .xls';
  if (head.includes(0)) return 'a binary file';
  return null;
}

const kindNouns: Readonly<Record<FileKind, string>> = {
  csv: 'a CSV file',
  tsv: 'a TSV file',
  json: 'a JSON file',
  ndjson: 'a JSON file',
  parquet: 'a Parquet file',
  xlsx: 'an Excel workbook (.xlsx)',
};

function notA(fileName: string, kind: FileKind, looksLike: string | null): AppError {
  const hint = looksLike === null ? '' : ` (it looks like ${looksLike})`;
  return new AppError('BAD_REQUEST', `${fileName} is not ${kindNouns[kind]}${hint}`, { field: 'file' });
}

/**
 * Checks the content against the extension, so a renamed file gets a plain answer instead of a
 * parser error from deep inside DuckDB. Empty files are refused here too.
 */
export async function checkContent(file: string, fileName: string, kind: FileKind): Promise<void> {
  const head = await readHead(file);
  if (head.length === 0 || (kind !== 'parquet' && kind !== 'xlsx' && head.toString('utf8').trim() === '')) {
    throw new AppError('BAD_REQUEST', `${fileName} is empty`, { field: 'file' });
  }
  if (kind === 'parquet') {
    if (!startsWith(head, PARQUET_MAGIC)) throw notA(fileName, kind, describeBinary(head));
    return;
  }
  if (kind === 'xlsx') {
    if (startsWith(head, OLE_MAGIC)) {
      throw new AppError(
        'BAD_REQUEST',
        `${fileName} is a legacy Excel file (.xls): save it as .xlsx or CSV and upload that`,
        { field: 'file' },
      );
    }
    if (!startsWith(head, ZIP_MAGIC)) throw notA(fileName, kind, describeBinary(head));
    return;
  }
  const binary = describeBinary(head);
  if (binary !== null) throw notA(fileName, kind, binary);
  if (kind === 'json' || kind === 'ndjson') {
    const first = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()[0];
    if (first !== '[' && first !== '{') {
      throw new AppError(
        'BAD_REQUEST',
        `${fileName} is not a JSON file of records: it must hold an array of objects, or one object per line`,
        { field: 'file' },
      );
    }
  }
}
