import type { ResultRow, ResultStream } from '../../connectors/index.ts';

/** What an export wrote, known for sure only once its last row is out. */
export interface ExportStats {
  rows: number;
  /** The result had more rows than the limit; the file holds the first `limit`. */
  truncated: boolean;
}

/**
 * The stream's batches up to `limit` rows. Reaching the limit reads one batch further only to
 * learn whether rows remain, then stops and closes the stream, which ends the statement in the
 * database. The stream is closed however iteration ends (finished, failed, or abandoned because
 * the client went away).
 *
 * One batch is always requested ahead: the database produces and sends the next batch while
 * this one is encoded and written, so the two work side by side instead of taking turns. At
 * most two batches are in memory.
 */
export async function* limitedBatches(
  stream: ResultStream,
  limit: number,
  stats: ExportStats,
): AsyncGenerator<ResultRow[]> {
  const iterator = stream[Symbol.asyncIterator]();
  let ahead: Promise<IteratorResult<ResultRow[]>> | null = iterator.next();
  try {
    for (;;) {
      const next: IteratorResult<ResultRow[]> = await ahead;
      ahead = null;
      if (next.done === true) return;
      const batch = next.value;
      const room = limit - stats.rows;
      if (batch.length > room) {
        if (room > 0) {
          stats.rows += room;
          yield batch.slice(0, room);
        }
        stats.truncated = true;
        return;
      }
      stats.rows += batch.length;
      ahead = iterator.next();
      yield batch;
    }
  } finally {
    // A read still in flight finishes (or fails) before the stream is closed under it.
    await ahead?.catch(() => undefined);
    await iterator.return?.();
    await stream.close();
  }
}
