import type { AgentLookup } from '../../agent/agent-port.ts';
import type { Actor } from '../access/can.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { runSql } from '../sql-runs/run-sql.ts';
import type { SqlRunDeps } from '../sql-runs/sql-run-deps.ts';
import { type TrackTurnStatementDeps, trackTurnStatement } from './track-turn-statement.ts';

/** Kept nowhere: the analyst reads these rows itself and the chat shows the tool's result. */
const notKept = { record: () => Promise.resolve('lookup') };

/**
 * A small read the analyst makes for itself (a column's distinct values), under the same policy
 * as every run (observers, safe mode, cancellation), always read-only, with the caller's row cap
 * and a time limit no longer than the database's. A failing statement is answered, not thrown.
 */
export async function runLookup(
  deps: SqlRunDeps & TrackTurnStatementDeps,
  input: {
    /** The conversation's owner, asking. */
    asker: Actor;
    /** The turn's conversation: its running SQL is known to the store (track-turn-statement.ts). */
    conversationId: string;
    database: DatabaseRecord;
    sql: string;
    rowCap: number;
    timeLimitMs: number;
    signal: AbortSignal;
  },
): Promise<AgentLookup> {
  const run = await trackTurnStatement(
    deps,
    { conversationId: input.conversationId, databaseId: input.database.id },
    (onServerSession) =>
      runSql(
        deps,
        {
          purpose: 'agent',
          actor: input.asker,
          database: input.database,
          sql: input.sql,
          readOnly: true,
          rowCap: input.rowCap,
          timeLimitMs: input.timeLimitMs,
          signal: input.signal,
          onServerSession,
        },
        notKept,
      ),
  );
  return run.ok
    ? { ok: true, rows: run.result.rows, truncated: run.result.truncated }
    : { ok: false, error: run.error.message };
}
