import type { StoreDb } from '../../store/connect.ts';
import { findChatCharts } from '../charts/find-chat-charts.ts';
import { type ChatQueryRecord, findChatQueries } from '../queries/chat-queries.ts';
import type { ChatEvents } from './chat-events.ts';
import type { MessageChanges, MessageRecord, NewMessage } from './messages.repo.ts';
import { insertMessage, updateMessage } from './messages.repo.ts';
import { presentMessage, presentQuery } from './present-conversation.ts';

/** Queries a turn has just stored, by id, so its messages show them without reading them back. */
export type KnownQueries = ReadonlyMap<string, ChatQueryRecord>;

/** Sends a stored message with the query result and chart it shows. */
export async function publishMessage(
  db: StoreDb,
  events: ChatEvents,
  record: MessageRecord,
  known?: KnownQueries,
): Promise<void> {
  if (record.role !== 'function') {
    events.message(presentMessage(record));
    return;
  }
  const knownQuery = record.queryId ? known?.get(record.queryId) : undefined;
  const [queries, charts] = await Promise.all([
    knownQuery ? [knownQuery] : findChatQueries(db, record.queryId ? [record.queryId] : []),
    findChatCharts(db, record.chartId ? [record.chartId] : []),
  ]);
  const [query, chart] = [queries[0], charts[0]];
  events.message(
    presentMessage(record, {
      query: query ? presentQuery(query) : null,
      chart: chart ?? null,
    }),
  );
}

/** Every message is stored before anyone hears of it. */
export async function storeMessage(
  db: StoreDb,
  events: ChatEvents,
  input: NewMessage,
  known?: KnownQueries,
): Promise<MessageRecord> {
  const record = await insertMessage(db, input);
  await publishMessage(db, events, record, known);
  return record;
}

export async function changeMessage(
  db: StoreDb,
  events: ChatEvents,
  id: string,
  changes: MessageChanges,
): Promise<MessageRecord> {
  const record = await updateMessage(db, id, changes);
  await publishMessage(db, events, record);
  return record;
}
