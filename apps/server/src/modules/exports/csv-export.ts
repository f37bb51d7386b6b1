import { Readable } from 'node:stream';
import type { ResultColumn, ResultRow } from '../../connectors/index.ts';
import { csvHeader, csvRows, truncatedCsvLine } from './csv-encoding.ts';
import type { ExportStats } from './limited-batches.ts';

/**
 * The CSV file as a byte stream that pulls the next batch from the database only when the
 * client has taken the previous one (Readable.from reads on demand), so memory stays flat
 * whatever the result size.
 *
 * A cut result ends with one last line, `# Truncated: …`. CSV has no place for metadata and the
 * headers left long before the end is known; a visible last line is the one notice every reader
 * of the file (people, spreadsheets, `pandas.read_csv(comment='#')`) gets, and the HTTP trailer
 * says the same to programs.
 */
export function csvBody(
  columns: readonly ResultColumn[],
  batches: AsyncIterable<ResultRow[]>,
  stats: ExportStats,
  limit: number,
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield csvHeader(columns);
    for await (const batch of batches) yield csvRows(batch, columns);
    if (stats.truncated) yield truncatedCsvLine(limit);
  }
  return Readable.from(chunks(), { objectMode: false });
}
