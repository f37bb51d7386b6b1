import { open } from 'node:fs/promises';

const HEAD_BYTES = 256 * 1024;
const candidates = [',', ';', '\t', '|'] as const;

export interface CsvHeader {
  delimiter: string;
  /** The header's fields as written, for a strict re-read that names the broken line. */
  names: string[];
}

/** The first record of the file, honouring quotes (a quoted header may span lines). */
function firstRecord(text: string): string {
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) return text.slice(0, index);
  }
  return text;
}

function splitRecord(record: string, delimiter: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < record.length; index += 1) {
    const char = record.charAt(index);
    if (char === '"') {
      if (quoted && record.charAt(index + 1) === '"') {
        current += '"';
        index += 1;
      } else quoted = !quoted;
    } else if (char === delimiter && !quoted) {
      fields.push(current);
      current = '';
    } else current += char;
  }
  fields.push(current);
  return fields;
}

/**
 * The delimiter is fixed before DuckDB reads the file: left to guess, its sniffer falls back to a
 * single column when rows are ragged, and a broken file would load as nonsense instead of failing.
 * A .csv may use `;` or `|` (spreadsheets in many locales do); a .tsv always uses tabs.
 */
export async function readCsvHeader(file: string, kind: 'csv' | 'tsv'): Promise<CsvHeader> {
  const handle = await open(file, 'r');
  let text: string;
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  } finally {
    await handle.close();
  }
  const record = firstRecord(text);
  let delimiter = kind === 'tsv' ? '\t' : ',';
  if (kind === 'csv') {
    let best = 0;
    for (const candidate of candidates) {
      const count = splitRecord(record, candidate).length - 1;
      if (count > best) {
        best = count;
        delimiter = candidate;
      }
    }
  }
  return { delimiter, names: splitRecord(record, delimiter) };
}
