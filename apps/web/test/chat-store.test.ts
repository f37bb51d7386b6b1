import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALREADY_RUNNING,
  CONVERSATION_NOT_FOUND,
  PENDING_TIMEOUT_MS,
  SOCKET_DISCONNECTED,
} from '../src/features/chat/chat-rules.ts';
import { useChatStore } from '../src/features/chat/chat-store.ts';
import { makeConversation, makeMessage, makeSummary } from './helpers/chat-fixtures.ts';

const chat = () => useChatStore.getState();
const statusOf = (id: string) => chat().conversations[id]?.status;

beforeEach(() => {
  chat().reset();
  chat().startList('database-d1');
  chat().setList('database-d1', [makeSummary({ id: 'c1' }), makeSummary({ id: 'c2', name: 'Other' })]);
});
afterEach(() => chat().reset());

describe('conversation status', () => {
  it('sending sets pending; still pending after 10 s it goes back to clear', () => {
    vi.useFakeTimers();
    chat().markPending('c1');
    expect(statusOf('c1')).toBe('pending');
    vi.advanceTimersByTime(PENDING_TIMEOUT_MS - 1);
    expect(statusOf('c1')).toBe('pending');
    vi.advanceTimersByTime(1);
    expect(statusOf('c1')).toBe('clear');
  });

  it('a status from the server before the 10 s ends the timer: running is not reset to clear', () => {
    vi.useFakeTimers();
    chat().markPending('c1');
    vi.advanceTimersByTime(2_000);
    chat().applyStatus({ conversation_id: 'c1', status: 'running' });
    vi.advanceTimersByTime(PENDING_TIMEOUT_MS);
    expect(statusOf('c1')).toBe('running');
  });

  it('a second send restarts the 10 s', () => {
    vi.useFakeTimers();
    chat().markPending('c1');
    vi.advanceTimersByTime(8_000);
    chat().applyStatus({ conversation_id: 'c1', status: 'clear' });
    chat().markPending('c1');
    vi.advanceTimersByTime(8_000);
    expect(statusOf('c1')).toBe('pending');
    vi.advanceTimersByTime(2_000);
    expect(statusOf('c1')).toBe('clear');
  });

  it('the server status event sets any status with its optional error', () => {
    for (const status of ['running', 'to_stop', 'clear'] as const) {
      chat().applyStatus({ conversation_id: 'c1', status });
      expect(statusOf('c1')).toBe(status);
      expect(chat().conversations.c1?.error).toBeNull();
    }
    chat().applyStatus({ conversation_id: 'c1', status: 'error', error: 'The model timed out' });
    expect(chat().conversations.c1).toMatchObject({ status: 'error', error: 'The model timed out' });
    chat().applyStatus({ conversation_id: 'c2', status: 'running', error: null });
    expect(statusOf('c2')).toBe('running');
    expect(statusOf('c1')).toBe('error');
  });

  it('refuses to send while running or pending, with the exact texts', () => {
    chat().applyStatus({ conversation_id: 'c1', status: 'running' });
    expect(() => chat().assertCanSend('c1', true)).toThrow(ALREADY_RUNNING);
    chat().markPending('c2');
    expect(() => chat().assertCanSend('c2', true)).toThrow(ALREADY_RUNNING);
    expect(ALREADY_RUNNING).toBe('Conversation is already running');
  });

  it('refuses to send without a socket connection', () => {
    expect(() => chat().assertCanSend('c1', false)).toThrow(SOCKET_DISCONNECTED);
    expect(SOCKET_DISCONNECTED).toBe('Socket is disconnected');
    expect(() => chat().assertCanSend('c1', true)).not.toThrow();
    for (const status of ['clear', 'error', 'to_stop'] as const) {
      chat().applyStatus({ conversation_id: 'c1', status });
      expect(() => chat().assertCanSend('c1', true)).not.toThrow();
    }
  });

  it('SUBSCRIPTION_REQUIRED sets the subscription-required flag and status clear', () => {
    chat().markPending('c1');
    chat().applyError({ message: 'SUBSCRIPTION_REQUIRED', conversationId: 'c1' });
    expect(chat().subscriptionRequired).toBe(true);
    expect(statusOf('c1')).toBe('clear');
  });

  it('any response clears the subscription-required flag', () => {
    chat().applyError({ message: 'SUBSCRIPTION_REQUIRED', conversationId: null });
    expect(chat().subscriptionRequired).toBe(true);
    // Even a response for a conversation not open here.
    chat().applyResponse(makeMessage({ conversationId: 'elsewhere' }));
    expect(chat().subscriptionRequired).toBe(false);
  });

  it('another server error on a pending send ends the wait and is kept as a notice', () => {
    chat().markPending('c1');
    chat().applyError({ message: 'Conversation is already running', conversationId: 'c1' });
    expect(chat().conversations.c1).toMatchObject({
      status: 'clear',
      notice: 'Conversation is already running',
    });
    expect(chat().subscriptionRequired).toBe(false);
    chat().markPending('c1');
    expect(chat().conversations.c1?.notice).toBeNull();
  });

  it('an error fetching messages is set on the conversation with status error', () => {
    chat().startLoading('c1');
    chat().setLoadError('c1', 'Conversation not found');
    expect(chat().conversations.c1).toMatchObject({
      status: 'error',
      error: 'Conversation not found',
      loading: false,
    });
  });

  it('a fetched conversation keeps a pending send that the server has not seen yet', () => {
    chat().markPending('c1');
    chat().setConversation(makeConversation([], { id: 'c1', status: 'clear' }));
    expect(statusOf('c1')).toBe('pending');
    chat().setConversation(makeConversation([], { id: 'c1', status: 'running' }));
    expect(statusOf('c1')).toBe('running');
  });
});

describe('messages', () => {
  it("throws 'Conversation not found' when a message id matches no conversation", () => {
    expect(() => chat().conversationIdOfMessage('nope')).toThrow(CONVERSATION_NOT_FOUND);
    expect(() => chat().deleteMessage('nope')).toThrow('Conversation not found');
    const message = makeMessage({ conversationId: 'c2' });
    chat().applyResponse(message);
    expect(chat().conversationIdOfMessage(message.id)).toBe('c2');
  });

  it('assembles a streamed answer from its chunks until the stored response replaces it', () => {
    chat().applyChunk({ conversationId: 'c1', messageId: 'a1', delta: 'There are ' });
    chat().applyChunk({ conversationId: 'c1', messageId: 'a1', delta: '59 customers' });
    expect(chat().conversations.c1?.messages).toEqual([
      expect.objectContaining({
        id: 'a1',
        role: 'assistant',
        content: 'There are 59 customers',
        streaming: true,
      }),
    ]);
    const stored = makeMessage({ id: 'a1', role: 'assistant', content: 'There are **59** customers.' });
    chat().applyResponse({ ...stored, credits_remaining: 12 } as typeof stored);
    expect(chat().conversations.c1?.messages).toEqual([stored]);
  });

  it('a response with a known id replaces that message in place; a new one is appended', () => {
    const first = makeMessage({ content: 'one' });
    const second = makeMessage({ role: 'assistant', content: 'two' });
    chat().applyResponse(first);
    chat().applyResponse(second);
    chat().applyResponse({ ...first, content: 'one, edited' });
    expect(chat().conversations.c1?.messages.map((message) => message.content)).toEqual([
      'one, edited',
      'two',
    ]);
  });

  it('delete-message removes the message from its conversation', () => {
    const keep = makeMessage();
    const drop = makeMessage({ role: 'assistant', content: 'old answer' });
    chat().applyResponse(keep);
    chat().applyResponse(drop);
    chat().deleteMessage(drop.id);
    expect(chat().conversations.c1?.messages).toEqual([keep]);
  });

  it('keeps messages that arrived while the conversation was being fetched', () => {
    const stored = makeMessage();
    const live = makeMessage({ role: 'assistant', content: 'arrived meanwhile' });
    chat().startLoading('c1');
    chat().applyResponse(live);
    chat().setConversation(makeConversation([stored], { id: 'c1' }));
    expect(chat().conversations.c1?.messages.map((message) => message.id)).toEqual([stored.id, live.id]);
  });
});

describe('conversation list', () => {
  it('changing the context clears the list until the new one arrives; late answers are dropped', () => {
    chat().startList('database-d2');
    expect(chat()).toMatchObject({ contextId: 'database-d2', listIds: [], listStatus: 'loading' });
    expect(chat().conversations).toEqual({});
    chat().setList('database-d1', [makeSummary({ id: 'late' })]);
    expect(chat().listIds).toEqual([]);
    chat().setList('database-d2', [makeSummary({ id: 'c9', contextId: 'database-d2' })]);
    expect(chat().listIds).toEqual(['c9']);
  });

  it('a created conversation goes to the top of its context list only', () => {
    chat().upsertSummary(makeSummary({ id: 'c3' }));
    expect(chat().listIds).toEqual(['c3', 'c1', 'c2']);
    chat().upsertSummary(makeSummary({ id: 'c4', contextId: 'database-other' }));
    expect(chat().listIds).toEqual(['c3', 'c1', 'c2']);
    chat().upsertSummary(makeSummary({ id: 'c1', name: 'Renamed' }));
    expect(chat().listIds).toEqual(['c3', 'c1', 'c2']);
    expect(chat().conversations.c1?.name).toBe('Renamed');
  });
});
