import type { ResultColumn } from '@querent/contracts';
import type { ResultRow } from '../../connectors/index.ts';

/** How a run ended: its result, or the database's message when the SQL failed. */
export interface QueryOutcome {
  columns: ResultColumn[] | null;
  count: number | null;
  truncated: boolean;
  durationMs: number;
  error: string | null;
  ranAt: string;
}

/** A finished run as it is recorded: the outcome and the (capped) rows, none when it failed. */
export type RecordedRun = QueryOutcome & { rows: ResultRow[] | null };

/**
 * How a caller keeps its runs: the editor's history (no rows), a stored query's last result,
 * a conversation's query (with rows). The run itself does not know the tables involved.
 */
export interface SqlRunRecorder {
  /**
   * Once the run is allowed and before the statement starts, e.g. to create the record the chat
   * shows while the statement runs.
   */
  begin?(): Promise<void>;
  /** Keeps the run's result or the user-facing failure; answers the id of the record. */
  record(run: RecordedRun): Promise<string>;
}
