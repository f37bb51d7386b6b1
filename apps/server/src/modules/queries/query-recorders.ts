import type { StoreDb } from '../../store/connect.ts';
import type { SqlRunRecorder } from '../sql-runs/sql-run-recorder.ts';
import { insertQueryRun, storeQueryOutcome } from './queries.repo.ts';
import type { QueryRecord } from './query-record.ts';

/**
 * The editor's run becomes a new record of the user's history. History keeps no rows: they may be
 * large and sensitive, and it reruns the SQL instead.
 */
export function recordInHistory(
  db: StoreDb,
  target: { sql: string; databaseId: string; ownerId: string; conversationId?: string | null },
): SqlRunRecorder {
  return {
    record: ({ rows: _rows, ...outcome }) =>
      insertQueryRun(db, {
        ...outcome,
        sql: target.sql,
        databaseId: target.databaseId,
        ownerId: target.ownerId,
        conversationId: target.conversationId ?? null,
      }),
  };
}

/**
 * A stored query run again keeps the outcome, with its rows up to QUERY_ROW_CAP, as its last
 * result. A saved query's run also joins the history of the user who ran it; a history record is
 * itself the run, so it is only refreshed.
 */
export function recordAsLastResult(
  db: StoreDb,
  target: { query: QueryRecord; userId: string },
): SqlRunRecorder {
  const { query } = target;
  return {
    async record(run) {
      await storeQueryOutcome(db, query.id, query.sql, run);
      if (query.isSaved) {
        const { rows: _rows, ...outcome } = run;
        await insertQueryRun(db, {
          ...outcome,
          sql: query.sql,
          databaseId: query.databaseId,
          ownerId: target.userId,
        });
      }
      return query.id;
    },
  };
}
