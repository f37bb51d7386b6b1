import type { ChatQuery, Conversation, ConversationSummary, Message } from '@querent/contracts';
import { abilitiesFor } from './fixtures.ts';

let counter = 0;

export function makeSummary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 'c1',
    name: 'Customers by country',
    contextId: 'database-d1',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:05:00.000Z',
    status: 'clear',
    shared: false,
    abilities: abilitiesFor('run', 'edit', 'delete', 'share'),
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<Message> = {}): Message {
  counter += 1;
  return {
    id: `m${counter}`,
    conversationId: 'c1',
    role: 'user',
    content: 'How many customers are there?',
    functionCall: null,
    createdAt: new Date(Date.UTC(2026, 2, 1, 10, 0, counter)).toISOString(),
    ...overrides,
  };
}

export function makeChatQuery(overrides: Partial<ChatQuery> = {}): ChatQuery {
  return {
    id: 'q1',
    sql: 'select count(*) as customers from customers',
    title: null,
    columns: [{ name: 'customers', type: 'integer' }],
    rows: [[59]],
    count: 1,
    truncated: false,
    durationMs: 3,
    error: null,
    ranAt: '2026-03-01T10:00:02.000Z',
    ...overrides,
  };
}

export function makeConversation(messages: Message[], overrides: Partial<Conversation> = {}): Conversation {
  return { ...makeSummary(), error: null, messages, ...overrides };
}
