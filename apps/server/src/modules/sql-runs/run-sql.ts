import type { BoundValue, ConnectorErrorKind, RunResult } from '../../connectors/index.ts';
import { isConnectorError } from '../../connectors/index.ts';
import { AppError } from '../../errors.ts';
import { toUserFacingError } from '../databases/database-connections.ts';
import type { SqlRunDeps, SqlRunRequest } from './sql-run-deps.ts';
import { prepareRun } from './prepare-run.ts';
import type { SqlRunRecorder } from './sql-run-recorder.ts';

export interface RunSqlRequest extends SqlRunRequest {
  /** A smaller cap of the caller's own (the chat keeps 1000 rows); it never raises QUERY_ROW_CAP. */
  rowCap?: number;
  /**
   * A shorter time limit of the caller's own, in milliseconds (the analyst's value lookups); it
   * never lengthens the database's statement timeout.
   */
  timeLimitMs?: number;
  /** Values for the statement's placeholders (a dashboard's filters), bound by the driver, never spliced. */
  params?: readonly BoundValue[];
}

/** A run that happened and was recorded: its result, or the failure to show the user. */
export type SqlRun =
  | { ok: true; recordId: string; ranAt: string; result: RunResult }
  | {
      ok: false;
      recordId: string;
      ranAt: string;
      /** The database's (or the connection's) message, as the user sees it. */
      error: AppError;
      /** Why it failed, when the connector said. */
      errorKind: ConnectorErrorKind | null;
    };

/** The error the user sees when their SQL or their connection failed; null for our own bugs. */
function userFacingFailure(error: unknown): AppError | null {
  const failure = toUserFacingError(error);
  if (!(failure instanceof AppError)) return null;
  return isConnectorError(error) || failure !== error ? failure : null;
}

/**
 * Runs SQL on a user's database under the shared policy (safe mode, row cap, timeout,
 * cancellation, observers) and records it the caller's way. The statement failing is a result:
 * recorded and answered, not thrown. Refusals, failures to reach the record, and our own bugs
 * are thrown and record nothing.
 */
export async function runSql(
  deps: SqlRunDeps,
  request: RunSqlRequest,
  recorder: SqlRunRecorder,
): Promise<SqlRun> {
  const ownLimit = request.timeLimitMs;
  const run = await prepareRun(
    deps,
    request,
    ownLimit === undefined
      ? undefined
      : Math.min(ownLimit, request.database.statementTimeoutMs ?? deps.defaultTimeoutMs),
  );
  const { ranAt } = run;
  try {
    await recorder.begin?.();
    let result: RunResult;
    try {
      result = await run.connector.run(request.sql, {
        ...run.options,
        rowCap: Math.min(deps.rowCap, request.rowCap ?? deps.rowCap),
        ...(request.params === undefined ? {} : { params: request.params }),
      });
    } catch (error) {
      const failure = userFacingFailure(error);
      if (failure === null) throw error;
      const durationMs = run.elapsedMs();
      await run.fail(error);
      const recordId = await recorder.record({
        rows: null,
        columns: null,
        count: null,
        truncated: false,
        durationMs,
        error: failure.message,
        ranAt,
      });
      const errorKind = isConnectorError(error) ? error.kind : null;
      return { ok: false, recordId, ranAt, error: failure, errorKind };
    }
    await run.finish({
      outcome: 'succeeded',
      durationMs: result.durationMs,
      rowCount: result.rows.length,
      error: null,
    });
    const recordId = await recorder.record({
      rows: result.rows,
      columns: result.columns,
      count: result.count,
      truncated: result.truncated,
      durationMs: result.durationMs,
      error: null,
      ranAt,
    });
    return { ok: true, recordId, ranAt, result };
  } catch (error) {
    await run.fail(error);
    throw error;
  }
}
