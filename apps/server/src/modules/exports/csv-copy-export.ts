import type { Readable } from 'node:stream';
import { Readable as NodeReadable } from 'node:stream';
import type { CsvCopy } from '../../connectors/index.ts';
import { csvHeader, csvLineEnd } from './csv-encoding.ts';
import type { ExportStats } from './limited-batches.ts';

const quoteByte = 0x22;
const lfByte = 0x0a;
const crByte = 0x0d;

/**
 * Turns the database's CSV records (LF ends) into the export's (CRLF ends, RFC 4180, as the
 * generic path writes), counts them and stops after `limit`. A quote toggles whether we are
 * inside a quoted field (a doubled quote toggles twice), so an LF inside a quoted value stays
 * as it is: only record ends change. One pass over the bytes, no strings made.
 */
export class CsvRecordEnds {
  rows = 0;
  truncated = false;
  #quoted = false;
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** The chunk with CRLF record ends, cut after the limit's last record; null once past it. */
  convert(chunk: Uint8Array): Uint8Array | null {
    if (this.truncated) return null;
    if (this.rows >= this.#limit) {
      // A byte beyond the last allowed record: the result has more rows.
      if (chunk.length > 0) this.truncated = true;
      return null;
    }
    // At most one CR is added per byte; a record is ~50 bytes, so this is mostly unused room.
    const out = Buffer.allocUnsafe(chunk.length * 2);
    let quoted = this.#quoted;
    let rows = this.rows;
    const limit = this.#limit;
    let length = 0;
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index] as number;
      if (byte === quoteByte) quoted = !quoted;
      else if (byte === lfByte && !quoted) {
        out[length++] = crByte;
        out[length++] = lfByte;
        rows += 1;
        if (rows === limit) {
          if (index + 1 < chunk.length) this.truncated = true;
          break;
        }
        continue;
      }
      out[length++] = byte;
    }
    this.#quoted = quoted;
    this.rows = rows;
    return out.subarray(0, length);
  }
}

/**
 * The CSV file from a database's own CSV: the header written here (the same names, made unique,
 * as the generic path), then the records as they come, with backpressure (the next chunk is
 * read from the database only once the client took the previous one), and the same
 * `# Truncated` last line when the result had more than `limit` rows. Ending early (the client
 * left) destroys the copy, which stops the statement in the database.
 */
export function copiedCsvBody(copy: CsvCopy, stats: ExportStats, limit: number): Readable {
  const ends = new CsvRecordEnds(limit);
  async function* chunks(): AsyncGenerator<Uint8Array | string> {
    try {
      yield csvHeader(copy.columns);
      for await (const chunk of copy.body as AsyncIterable<Uint8Array>) {
        const converted = ends.convert(chunk);
        stats.rows = ends.rows;
        if (converted === null || ends.truncated) {
          if (converted !== null && converted.length > 0) yield converted;
          break;
        }
        if (converted.length > 0) yield converted;
      }
      stats.truncated = ends.truncated;
      if (stats.truncated) {
        yield `# Truncated: the result has more rows; this file holds the first ${limit} (EXPORT_MAX_ROWS)${csvLineEnd}`;
      }
    } finally {
      copy.body.destroy();
    }
  }
  return NodeReadable.from(chunks(), { objectMode: false });
}
