import type { ChatQuery, ResultColumn } from '@querent/contracts';
import type { Selectable } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { QueriesTable } from '../../store/schema.ts';
import { newId, nowIso, parseNullableJson, readBool, toNullableJson } from '../../store/values.ts';

/*
 * Queries run inside a conversation: records of the same `queries` table as the editor's history
 * (conversation_id set), with the rows the chat shows kept beside them, because a conversation
 * reloaded later must show its results without running anything again (a write, least of all).
 */

export interface ChatQueryRecord extends ChatQuery {
  databaseId: string;
  ownerId: string;
  conversationId: string | null;
}

export interface ChatQueryOutcome {
  rows: Record<string, unknown>[] | null;
  columns: ResultColumn[] | null;
  count: number | null;
  truncated: boolean;
  durationMs: number | null;
  error: string | null;
  ranAt: string;
}

function toRecord(row: Selectable<QueriesTable>): ChatQueryRecord {
  return {
    id: row.id,
    sql: row.sql,
    title: row.title,
    columns: parseNullableJson(row.columns) as ResultColumn[] | null,
    rows: parseNullableJson(row.rows) as Record<string, unknown>[] | null,
    count: row.count,
    truncated: readBool(row.truncated),
    durationMs: row.duration_ms,
    error: row.error,
    ranAt: row.ran_at,
    databaseId: row.database_id,
    ownerId: row.owner_id,
    conversationId: row.conversation_id,
  };
}

/** A query about to run (or waiting for the user's confirmation): no result yet. */
export async function insertChatQuery(
  db: StoreDb,
  input: { sql: string; title: string | null; databaseId: string; ownerId: string; conversationId: string },
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('queries')
    .values({
      id,
      title: input.title,
      sql: input.sql,
      database_id: input.databaseId,
      owner_id: input.ownerId,
      conversation_id: input.conversationId,
      is_saved: false,
      truncated: false,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function recordChatQueryRun(db: StoreDb, id: string, outcome: ChatQueryOutcome): Promise<void> {
  await db
    .updateTable('queries')
    .set({
      rows: toNullableJson(outcome.rows),
      columns: toNullableJson(outcome.columns),
      count: outcome.count,
      truncated: outcome.truncated,
      duration_ms: outcome.durationMs,
      error: outcome.error,
      ran_at: outcome.ranAt,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** A query of this conversation; null for any other id, so a tool cannot reach another's data. */
export async function findConversationQuery(
  db: StoreDb,
  conversationId: string,
  id: string,
): Promise<ChatQueryRecord | null> {
  const row = await db
    .selectFrom('queries')
    .selectAll()
    .where('id', '=', id)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findChatQueries(db: StoreDb, ids: readonly string[]): Promise<ChatQueryRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('queries')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toRecord);
}
