import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../src/api/create-api.ts';
import { bindChatSocket } from '../src/features/chat/bind-chat-socket.ts';
import {
  answerWrite,
  type ChatServices,
  loadConversation,
  loadConversationList,
  regenerateFromMessage,
  sendToConversation,
  startConversationWith,
  stopConversation,
} from '../src/features/chat/chat-actions.ts';
import { useChatStore } from '../src/features/chat/chat-store.ts';
import { createHttpClient } from '../src/lib/http-client.ts';
import { type AppSocket, createSocketClient } from '../src/lib/socket-client.ts';
import { useUserStore } from '../src/stores/user-store.ts';
import { makeConversation, makeMessage, makeSummary } from './helpers/chat-fixtures.ts';
import { type ChatSocketServer, startChatSocketServer } from './helpers/chat-socket-server.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let http: TestServer;
let io: ChatSocketServer;
let socket: AppSocket;
let services: ChatServices;
let unbind: () => void;

const chat = () => useChatStore.getState();

beforeAll(async () => {
  [http, io] = await Promise.all([startTestServer(), startChatSocketServer()]);
});
afterAll(async () => {
  await Promise.all([http.close(), io.close()]);
});

beforeEach(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  io.received.length = 0;
  chat().reset();
  const client = createHttpClient({
    baseUrl: http.url,
    reauthenticate: () => Promise.resolve(),
    offersCredits: () => false,
    offerCredits: () => undefined,
  });
  socket = createSocketClient({ url: io.url, onConnectedChange: () => undefined });
  services = { api: createApi(client), socket };
  unbind = bindChatSocket(socket);
  socket.connect();
  await vi.waitFor(() => expect(socket.connected).toBe(true));
  chat().startList('database-d1');
  chat().setList('database-d1', [makeSummary({ id: 'c1' })]);
});

afterEach(() => {
  unbind();
  socket.close();
  chat().reset();
});

describe('sending over the socket', () => {
  it('a question emits ask and a SQL input emits query, each setting pending', async () => {
    sendToConversation(services, 'c1', { mode: 'text', text: 'How many customers?' });
    expect(chat().conversations.c1?.status).toBe('pending');
    chat().applyStatus({ conversation_id: 'c1', status: 'clear' });
    sendToConversation(services, 'c1', { mode: 'sql', text: 'select 1' });
    await vi.waitFor(() =>
      expect(io.received).toEqual([
        { event: 'ask', args: ['c1', 'How many customers?'] },
        { event: 'query', args: ['c1', 'select 1'] },
      ]),
    );
  });

  it('a refused send emits nothing: while running, and without a connection', async () => {
    io.emit('status', { conversation_id: 'c1', status: 'running', error: null });
    await vi.waitFor(() => expect(chat().conversations.c1?.status).toBe('running'));
    expect(() => sendToConversation(services, 'c1', { mode: 'text', text: 'again' })).toThrow(
      'Conversation is already running',
    );
    io.emit('status', { conversation_id: 'c1', status: 'clear', error: null });
    await vi.waitFor(() => expect(chat().conversations.c1?.status).toBe('clear'));
    socket.disconnect();
    expect(() => sendToConversation(services, 'c1', { mode: 'text', text: 'again' })).toThrow(
      'Socket is disconnected',
    );
    expect(chat().conversations.c1?.status).toBe('clear');
    expect(io.received).toEqual([]);
  });

  it('a new chat is created in the context, then asked; no conversation is created while disconnected', async () => {
    http.on('POST /api/conversations', { status: 201, body: makeSummary({ id: 'c7', name: null }) });
    const id = await startConversationWith(services, 'database-d1', { mode: 'text', text: 'Top artists?' });
    expect(id).toBe('c7');
    expect(http.requests.at(-1)?.body).toEqual({ contextId: 'database-d1' });
    expect(chat().listIds[0]).toBe('c7');
    expect(chat().conversations.c7).toMatchObject({ status: 'pending', loaded: true });
    await vi.waitFor(() => expect(io.received).toEqual([{ event: 'ask', args: ['c7', 'Top artists?'] }]));

    socket.disconnect();
    const before = http.count('POST /api/conversations');
    await expect(startConversationWith(services, 'database-d1', { mode: 'text', text: 'x' })).rejects.toThrow(
      'Socket is disconnected',
    );
    await expect(startConversationWith(services, null, { mode: 'text', text: 'x' })).rejects.toThrow(
      'No context selected',
    );
    expect(http.count('POST /api/conversations')).toBe(before);
  });

  it('edit and resend emits regenerateFromMessage with the new content; regenerate without it', async () => {
    const question = makeMessage({ conversationId: 'c1', content: 'How many customers?' });
    chat().applyResponse(question);
    regenerateFromMessage(services, question.id, 'How many customers in France?');
    expect(chat().conversations.c1?.messages[0]?.content).toBe('How many customers in France?');
    chat().applyStatus({ conversation_id: 'c1', status: 'clear' });
    regenerateFromMessage(services, question.id);
    await vi.waitFor(() =>
      expect(io.received).toEqual([
        { event: 'regenerateFromMessage', args: ['c1', question.id, 'How many customers in France?'] },
        { event: 'regenerateFromMessage', args: ['c1', question.id] },
      ]),
    );
    expect(() => regenerateFromMessage(services, 'unknown')).toThrow('Conversation not found');
  });

  it('stop, confirm and reject emit their events', async () => {
    stopConversation(services, 'c1');
    answerWrite(services, 'c1', 'q9', true);
    answerWrite(services, 'c1', 'q9', false);
    await vi.waitFor(() =>
      expect(io.received).toEqual([
        { event: 'stop', args: ['c1'] },
        { event: 'confirmWriteOperation', args: ['c1', 'q9'] },
        { event: 'rejectWriteOperation', args: ['c1', 'q9'] },
      ]),
    );
  });
});

describe('server events', () => {
  it('status events drive the conversation status, with the error', async () => {
    io.emit('status', { conversation_id: 'c1', status: 'running', error: null });
    await vi.waitFor(() => expect(chat().conversations.c1?.status).toBe('running'));
    io.emit('status', { conversation_id: 'c1', status: 'error', error: 'Rate limited by the provider' });
    await vi.waitFor(() =>
      expect(chat().conversations.c1).toMatchObject({
        status: 'error',
        error: 'Rate limited by the provider',
      }),
    );
  });

  it('streamed chunks build the answer and the stored response replaces it', async () => {
    io.emit('response-chunk', { conversationId: 'c1', messageId: 'a1', delta: 'There are ' });
    io.emit('response-chunk', { conversationId: 'c1', messageId: 'a1', delta: '59 customers' });
    await vi.waitFor(() =>
      expect(chat().conversations.c1?.messages[0]?.content).toBe('There are 59 customers'),
    );
    expect(chat().conversations.c1?.messages[0]?.streaming).toBe(true);
    const stored = makeMessage({ id: 'a1', role: 'assistant', content: 'There are 59 customers.' });
    io.emit('response', { ...stored, credits_remaining: 41 });
    await vi.waitFor(() => expect(chat().conversations.c1?.messages).toEqual([stored]));
    expect(useUserStore.getState().user.credits).toBe(41);
  });

  it('delete-message removes a message; an unknown one is only logged', async () => {
    const answer = makeMessage({ role: 'assistant', content: 'old' });
    io.emit('response', answer);
    await vi.waitFor(() => expect(chat().conversations.c1?.messages).toHaveLength(1));
    io.emit('delete-message', 'unknown');
    io.emit('delete-message', answer.id);
    await vi.waitFor(() => expect(chat().conversations.c1?.messages).toEqual([]));
    expect(console.warn).toHaveBeenCalledWith('delete-message:', 'Conversation not found');
  });

  it('SUBSCRIPTION_REQUIRED shows the subscription state until the next response', async () => {
    chat().markPending('c1');
    io.emit('error', { message: 'SUBSCRIPTION_REQUIRED', conversationId: 'c1' });
    await vi.waitFor(() => expect(chat().subscriptionRequired).toBe(true));
    expect(chat().conversations.c1?.status).toBe('clear');
    io.emit('response', makeMessage());
    await vi.waitFor(() => expect(chat().subscriptionRequired).toBe(false));
  });

  it('a conversation event (named from its first question) updates the list', async () => {
    io.emit('conversation', makeSummary({ id: 'c1', name: 'Customers in France' }));
    await vi.waitFor(() => expect(chat().conversations.c1?.name).toBe('Customers in France'));
  });
});

describe('REST', () => {
  it('loads the context list with contextId, and a conversation with its messages', async () => {
    http.on('GET /api/conversations', { body: [makeSummary({ id: 'c2' }), makeSummary({ id: 'c1' })] });
    await loadConversationList(services, 'database-d1');
    expect(http.requests.at(-1)?.query.get('contextId')).toBe('database-d1');
    expect(chat().listIds).toEqual(['c2', 'c1']);

    const messages = [makeMessage(), makeMessage({ role: 'assistant', content: 'Answer' })];
    http.on('GET /api/conversations/c1', { body: makeConversation(messages, { id: 'c1' }) });
    await loadConversation(services, 'c1');
    expect(chat().conversations.c1).toMatchObject({ loaded: true, messages });
  });

  it('an error fetching messages is set on the conversation with status error', async () => {
    http.on('GET /api/conversations/c1', {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Database unavailable' } },
    });
    await loadConversation(services, 'c1');
    expect(chat().conversations.c1).toMatchObject({ status: 'error', error: 'Database unavailable' });
  });
});
