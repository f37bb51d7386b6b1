import type { ChatQuery } from '@querent/contracts';
import type { ResultRow } from '../../connectors/index.ts';
import type { StoreDb } from '../../store/connect.ts';
import { findQueriesByIds, findQueryById, readQueryRows } from './queries.repo.ts';
import type { QueryRecord } from './query-record.ts';

/*
 * Queries run inside a conversation are records of the same `queries` table as the editor's
 * history (conversation_id set), written and read through the queries repository, with their
 * (capped) rows kept: a conversation reloaded later shows its results without running anything
 * again — a write least of all.
 */

export interface ChatQueryRecord extends ChatQuery {
  databaseId: string;
  ownerId: string;
  conversationId: string | null;
}

function withRows(record: QueryRecord, rows: ResultRow[] | null): ChatQueryRecord {
  return {
    id: record.id,
    sql: record.sql,
    title: record.title,
    columns: record.columns,
    rows,
    count: record.count,
    truncated: record.truncated,
    durationMs: record.durationMs,
    error: record.error,
    ranAt: record.ranAt,
    databaseId: record.databaseId,
    ownerId: record.ownerId,
    conversationId: record.conversationId,
  };
}

/** A query of this conversation, with its rows; null for any other id. */
export async function findConversationQuery(
  db: StoreDb,
  conversationId: string,
  id: string,
): Promise<ChatQueryRecord | null> {
  const record = await findQueryById(db, id);
  if (record?.conversationId !== conversationId) return null;
  return withRows(record, record.hasRows ? await readQueryRows(db, id) : null);
}

/** Queries with their rows, for the messages that show them. */
export async function findChatQueries(db: StoreDb, ids: readonly string[]): Promise<ChatQueryRecord[]> {
  const records = await findQueriesByIds(db, ids);
  return Promise.all(
    records.map(async (record) =>
      withRows(record, record.hasRows ? await readQueryRows(db, record.id) : null),
    ),
  );
}
