import type { ResultColumn } from '@querent/contracts';
import type { ResultRow } from '../../connectors/index.ts';
import type { StoreDb } from '../../store/connect.ts';
import { parseNullableJson, readBool, toNullableJson } from '../../store/values.ts';
import type { RecordedRun } from '../sql-runs/sql-run-recorder.ts';
import type { ChatQueryRecord } from './chat-queries.ts';

/**
 * queries.repo's storeQueryOutcome, answering the row as stored (one statement), so the chat shows
 * the result without reading it back; null when the query's SQL changed meanwhile and nothing was
 * stored.
 */
export async function storeOutcomeReturning(
  db: StoreDb,
  id: string,
  ranSql: string,
  run: RecordedRun,
): Promise<ChatQueryRecord | null> {
  const row = await db
    .updateTable('queries')
    .set({
      rows: toNullableJson(run.rows),
      columns: toNullableJson(run.columns),
      count: run.count,
      truncated: run.truncated,
      duration_ms: run.durationMs,
      error: run.error,
      ran_at: run.ranAt,
    })
    .where('id', '=', id)
    .where('sql', '=', ranSql)
    .returning([
      'id',
      'title',
      'sql',
      'database_id',
      'owner_id',
      'conversation_id',
      'columns',
      'rows',
      'count',
      'truncated',
      'duration_ms',
      'error',
      'ran_at',
    ])
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    sql: row.sql,
    databaseId: row.database_id,
    ownerId: row.owner_id,
    conversationId: row.conversation_id,
    // Only result columns and rows are ever written to these columns.
    columns: parseNullableJson(row.columns) as ResultColumn[] | null,
    rows: parseNullableJson(row.rows) as ResultRow[] | null,
    count: row.count,
    truncated: readBool(row.truncated),
    durationMs: row.duration_ms,
    error: row.error,
    ranAt: row.ran_at,
  };
}
