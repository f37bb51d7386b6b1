import type { ChatChart, ChatQuery, Conversation, ConversationSummary, Message } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { objectAbilities } from '../access/can.ts';
import { findChatCharts } from '../charts/find-chat-charts.ts';
import type { ChatQueryRecord } from '../queries/chat-queries.ts';
import { findChatQueries } from '../queries/chat-queries.ts';
import { conversationSubject } from './conversation-access.ts';
import type { ConversationRecord } from './conversations.repo.ts';
import { effectiveStatus, turnLapsed } from './conversations.repo.ts';
import { INTERRUPTED_TURN_MESSAGE } from './interrupted-turn.ts';
import type { MessageRecord } from './messages.repo.ts';

/** A conversation's summary, with what the asking user may do with it. */
export function presentSummary(record: ConversationRecord, actor: Actor): ConversationSummary {
  const abilities = objectAbilities(actor, conversationSubject(record, undefined));
  return {
    id: record.id,
    name: record.name,
    contextId: record.contextId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    status: effectiveStatus(record),
    shared: record.sharedWithOrganization,
    abilities,
  };
}

export function presentQuery(record: ChatQueryRecord): ChatQuery {
  return {
    id: record.id,
    sql: record.sql,
    title: record.title,
    columns: record.columns,
    rows: record.rows,
    count: record.count,
    truncated: record.truncated,
    durationMs: record.durationMs,
    error: record.error,
    ranAt: record.ranAt,
  };
}

export function presentMessage(
  record: MessageRecord,
  attached: { query?: ChatQuery | null; chart?: ChatChart | null } = {},
): Message {
  return {
    id: record.id,
    conversationId: record.conversationId,
    role: record.role,
    content: record.content,
    functionCall: record.functionCall,
    queryId: record.queryId,
    query: attached.query ?? null,
    chartId: record.chartId,
    chart: attached.chart ?? null,
    usage: record.usage,
    createdAt: record.createdAt,
  };
}

/**
 * Messages with the query results and charts they show. A query is attached to its function
 * message only, so a long conversation does not repeat the same rows on every message citing it.
 */
export async function presentMessages(db: StoreDb, records: readonly MessageRecord[]): Promise<Message[]> {
  const withResults = records.filter((record) => record.role === 'function');
  const queryIds = new Set(withResults.flatMap((record) => (record.queryId ? [record.queryId] : [])));
  const chartIds = new Set(withResults.flatMap((record) => (record.chartId ? [record.chartId] : [])));
  const [queries, charts] = await Promise.all([
    findChatQueries(db, [...queryIds]),
    findChatCharts(db, [...chartIds]),
  ]);
  const queryById = new Map(queries.map((query) => [query.id, presentQuery(query)]));
  const chartById = new Map(charts.map((chart) => [chart.id, chart]));
  return records.map((record) =>
    presentMessage(
      record,
      record.role === 'function'
        ? {
            query: record.queryId ? queryById.get(record.queryId) : null,
            chart: record.chartId ? chartById.get(record.chartId) : null,
          }
        : {},
    ),
  );
}

export async function presentConversation(
  db: StoreDb,
  record: ConversationRecord,
  messages: readonly MessageRecord[],
  actor: Actor,
): Promise<Conversation> {
  const status = effectiveStatus(record);
  return {
    ...presentSummary(record, actor),
    error: status !== 'error' ? null : turnLapsed(record) ? INTERRUPTED_TURN_MESSAGE : record.error,
    messages: await presentMessages(db, messages),
  };
}
