import type { Readable } from 'node:stream';
import { Readable as NodeReadable } from 'node:stream';
import type { CsvCopy } from '../../connectors/index.ts';
import { csvHeader, truncatedCsvLine } from './csv-encoding.ts';
import type { ExportStats } from './limited-batches.ts';

/**
 * The CSV file from a database's own CSV: the header written here (the same names, made unique,
 * as the generic path), then the records as the connector hands them over (CRLF ends, counted
 * and cut at the limit there, where each record's end is known without reading its bytes), with
 * backpressure (the next chunk is read from the database only once the client took the previous
 * one), and the same `# Truncated` last line when the result had more than `limit` rows. Ending
 * early (the client left) destroys the copy, which stops the statement in the database.
 */
export function copiedCsvBody(copy: CsvCopy, stats: ExportStats, limit: number): Readable {
  async function* chunks(): AsyncGenerator<Uint8Array | string> {
    try {
      yield csvHeader(copy.columns);
      for await (const chunk of copy.body as AsyncIterable<Uint8Array>) {
        stats.rows = copy.rows;
        yield chunk;
      }
      stats.rows = copy.rows;
      stats.truncated = copy.truncated;
      if (stats.truncated) yield truncatedCsvLine(limit);
    } finally {
      copy.body.destroy();
    }
  }
  return NodeReadable.from(chunks(), { objectMode: false });
}
