import type { Readable } from 'node:stream';
import { finished } from 'node:stream';
import type { CsvCopy, ResultStream } from '../../connectors/index.ts';
import { toUserFacingError } from '../databases/database-connections.ts';
import type { PreparedRun } from './prepare-run.ts';
import type { SqlRunDeps, SqlRunRequest } from './sql-run-deps.ts';
import { errorMessage, prepareRun, wasCancelled } from './prepare-run.ts';

export interface StreamSqlRequest extends SqlRunRequest {
  /** The limit of the whole run (EXPORT_TIMEOUT_MS); it replaces the statement timeout. */
  timeLimitMs: number;
  /** Rows per batch read from the database; about the most rows held in memory at once. */
  batchRows: number;
  /**
   * Have the database write the result as CSV itself (PostgreSQL's COPY), up to this many rows
   * (one more tells a cut result). Engines without it, and results it cannot cover, come as rows.
   */
  csvRows?: number | undefined;
}

/** The result as the database hands it over: CSV it wrote itself, or batches of rows. */
export type SqlSource = { kind: 'csv'; copy: CsvCopy } | { kind: 'rows'; stream: ResultStream };

/** What the caller makes of the source: the body it sends, and the rows it has written so far. */
export interface SqlOutput {
  body: Readable;
  rowCount(): number;
}

async function openSource(run: PreparedRun, request: StreamSqlRequest): Promise<SqlSource> {
  const { connector, options } = run;
  if (request.csvRows !== undefined && connector.copyCsv) {
    const copy = await connector.copyCsv(request.sql, { ...options, maxRows: request.csvRows });
    if (copy) return { kind: 'csv', copy };
  }
  return {
    kind: 'rows',
    stream: await connector.stream(request.sql, { ...options, batchSize: request.batchRows }),
  };
}

async function release(source: SqlSource): Promise<void> {
  if (source.kind === 'csv') source.copy.body.destroy();
  else await source.stream.close();
}

/**
 * Opens a result to stream out (exports) under the same policy as runSql, with the caller's
 * limit for the whole run. A statement that fails, or is refused, fails here, before the caller
 * sends a byte, with the user-facing error. The run ends when the body does: finished, failed
 * midway, or dropped by a client that went away (which cancels the statement); the observers
 * hear of it then, with the rows written. Nothing is recorded.
 */
export async function streamSql(
  deps: SqlRunDeps,
  request: StreamSqlRequest,
  consume: (source: SqlSource) => SqlOutput | Promise<SqlOutput>,
): Promise<Readable> {
  const run = await prepareRun(deps, request, request.timeLimitMs);
  let output: SqlOutput;
  try {
    const source = await openSource(run, request);
    try {
      output = await consume(source);
    } catch (error) {
      await release(source);
      throw error;
    }
  } catch (error) {
    await run.fail(error);
    throw toUserFacingError(error);
  }
  finished(output.body, (error) => {
    if (!error) {
      void run.finish({
        outcome: 'succeeded',
        durationMs: run.elapsedMs(),
        rowCount: output.rowCount(),
        error: null,
      });
      return;
    }
    // A body closed before its end was dropped by its reader: the client left.
    const dropped = error.code === 'ERR_STREAM_PREMATURE_CLOSE';
    void run.finish({
      outcome: dropped || wasCancelled(error, request.signal) ? 'cancelled' : 'failed',
      durationMs: run.elapsedMs(),
      rowCount: output.rowCount(),
      error: errorMessage(error),
    });
  });
  return output.body;
}
