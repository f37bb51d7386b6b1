import type { FunctionCall, MessageRole, TurnUsage } from '@querent/contracts';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { MessagesTable } from '../../store/schema.ts';
import { newId, nowIso, parseNullableJson, toNullableJson } from '../../store/values.ts';

export interface MessageRecord {
  id: string;
  conversationId: string;
  role: MessageRole;
  content: string | null;
  functionCall: FunctionCall | null;
  queryId: string | null;
  chartId: string | null;
  /** Order within the conversation. */
  seq: number;
  createdAt: string;
  /** On a question: what the turn answering it cost. */
  usage: TurnUsage | null;
}

export interface NewMessage {
  conversationId: string;
  role: MessageRole;
  content: string | null;
  functionCall?: FunctionCall | null;
  queryId?: string | null;
  chartId?: string | null;
}

export type MessageChanges = Partial<
  Pick<MessageRecord, 'content' | 'functionCall' | 'queryId' | 'chartId' | 'usage'>
>;

function toRecord(row: Selectable<MessagesTable>): MessageRecord {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    // Only the roles of the contract are ever written.
    role: row.role as MessageRole,
    content: row.content,
    functionCall: parseNullableJson(row.function_call) as FunctionCall | null,
    queryId: row.query_id,
    chartId: row.chart_id,
    seq: row.seq,
    createdAt: row.created_at,
    usage: parseNullableJson(row.usage) as TurnUsage | null,
  };
}

/**
 * Appends a message. Its position is taken in the same statement; one turn at a time writes to a
 * conversation (conversations.claimTurn), so positions never collide.
 */
export async function insertMessage(db: StoreDb, input: NewMessage): Promise<MessageRecord> {
  const row = await db
    .insertInto('messages')
    .values({
      id: newId(),
      conversation_id: input.conversationId,
      role: input.role,
      content: input.content,
      function_call: toNullableJson(input.functionCall ?? null),
      query_id: input.queryId ?? null,
      chart_id: input.chartId ?? null,
      seq: sql<number>`(select coalesce(max(m.seq), 0) + 1 from messages m where m.conversation_id = ${input.conversationId})`,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function updateMessage(
  db: StoreDb,
  id: string,
  changes: MessageChanges,
): Promise<MessageRecord> {
  const row = await db
    .updateTable('messages')
    .set({
      ...(changes.content === undefined ? {} : { content: changes.content }),
      ...(changes.functionCall === undefined ? {} : { function_call: toNullableJson(changes.functionCall) }),
      ...(changes.queryId === undefined ? {} : { query_id: changes.queryId }),
      ...(changes.chartId === undefined ? {} : { chart_id: changes.chartId }),
      ...(changes.usage === undefined ? {} : { usage: toNullableJson(changes.usage) }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function listMessages(db: StoreDb, conversationId: string): Promise<MessageRecord[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('seq')
    .execute();
  return rows.map(toRecord);
}

export async function findMessage(
  db: StoreDb,
  conversationId: string,
  id: string,
): Promise<MessageRecord | null> {
  const row = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Deletes the messages at or after a position and answers their ids, in order. */
export async function deleteMessagesFrom(
  db: StoreDb,
  conversationId: string,
  seq: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('seq', '>=', seq)
    .orderBy('seq')
    .execute();
  if (rows.length === 0) return [];
  await db
    .deleteFrom('messages')
    .where('conversation_id', '=', conversationId)
    .where('seq', '>=', seq)
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteMessage(db: StoreDb, id: string): Promise<void> {
  await db.deleteFrom('messages').where('id', '=', id).execute();
}
