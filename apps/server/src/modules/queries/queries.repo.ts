import type { ResultColumn } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { newId, nowIso, toJson } from '../../store/values.ts';

export interface QueryRun {
  sql: string;
  databaseId: string;
  ownerId: string;
  columns: ResultColumn[] | null;
  count: number | null;
  truncated: boolean;
  durationMs: number;
  error: string | null;
  ranAt: string;
}

/**
 * Records a run in the user's history (an unsaved query). Rows are not kept: they may be large
 * and sensitive, and the history reruns the SQL instead.
 */
export async function insertQueryRun(db: StoreDb, run: QueryRun): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('queries')
    .values({
      id,
      title: null,
      sql: run.sql,
      database_id: run.databaseId,
      owner_id: run.ownerId,
      is_saved: false,
      rows: null,
      columns: run.columns === null ? null : toJson(run.columns),
      count: run.count,
      truncated: run.truncated,
      duration_ms: run.durationMs,
      error: run.error,
      ran_at: run.ranAt,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
