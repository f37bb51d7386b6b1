import type { ConversationSummary, Message, StatusEvent } from '@querent/contracts';
import { USER_SQL_FUNCTION } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/modules/users/users.repo.ts';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient, TEST_USER_HEADER } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import { startConversation } from '../helpers/factories.ts';
import type { ScriptEntry } from '../helpers/scripted-model.ts';
import { scriptFedModel } from '../helpers/scripted-model.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/** The chat's socket events end to end: real Socket.IO clients over polling, a scripted model. */
let running: RunningApp;
let api: ApiClient;
let sqlite: { filename: string; remove: () => Promise<void> };
let contextId: string;
let script: ScriptEntry[] = [];
const clients: ChatClient[] = [];
const OTHER = 'second-user';

beforeAll(async () => {
  sqlite = await chinookSqliteCopy();
  const model = scriptFedModel(() => script.shift());
  running = await startTestApp({}, { languageModel: model, testUserHeader: TEST_USER_HEADER });
  await insertUser(running.built.store.db, { id: OTHER, email: 'bo@example.com', role: 'member' });
  api = apiClient(running.baseUrl);
  const created = await api.post<{ id: string }>('/api/databases', {
    name: 'Chinook',
    engine: 'sqlite',
    details: { filename: sqlite.filename },
  });
  contextId = `database-${created.body.id}`;
});

afterEach(() => {
  script = [];
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await running.stop();
  await sqlite.remove();
});

async function conversation(client: ApiClient = api, context = contextId): Promise<string> {
  return startConversation(client, context);
}

async function chat(userId?: string): Promise<ChatClient> {
  const client = await connectChat(running.baseUrl, userId);
  clients.push(client);
  return client;
}

const ended = (conversationId: string) => (event: StatusEvent) =>
  event.conversation_id === conversationId && (event.status === 'clear' || event.status === 'error');

async function messagesOf(conversationId: string, client: ApiClient = api): Promise<Message[]> {
  const response = await client.get<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
  return response.body.messages;
}

describe('ask', () => {
  it('stores the question, names the conversation after it and answers', async () => {
    const id = await conversation();
    script = [{ text: 'Hello there.' }];
    const client = await chat();
    client.socket.emit(
      'ask',
      id,
      '  What is   in this database, and which tables matter the most for sales analysis?  ',
    );
    await client.waitFor('status', ended(id));
    const renamed = await client.waitFor<ConversationSummary>('conversation', (summary) => summary.id === id);
    expect(renamed.name).toBe('What is in this database, and which tables matter the most…');
    const messages = await messagesOf(id);
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'What is   in this database, and which tables matter the most for sales analysis?'],
      ['assistant', 'Hello there.'],
    ]);
    const list = await api.get<ConversationSummary[]>(`/api/conversations?contextId=${contextId}`);
    expect(list.body.find((entry) => entry.id === id)).toMatchObject({ name: renamed.name, status: 'clear' });
  });

  it('refuses a second question while the first is answered, then stops it and keeps the partial answer', async () => {
    const id = await conversation();
    script = [{ hang: true, text: 'Thinking about' }];
    const client = await chat();
    client.socket.emit('ask', id, 'First');
    await client.waitFor<StatusEvent>(
      'status',
      (event) => event.conversation_id === id && event.status === 'running',
    );
    await client.waitFor(
      'response-chunk',
      (chunk: { conversationId: string }) => chunk.conversationId === id,
    );
    client.socket.emit('ask', id, 'Second');
    expect(await client.waitFor('error')).toEqual({
      message: 'Conversation is already running',
      conversationId: id,
    });
    const list = await api.get<ConversationSummary[]>(`/api/conversations?contextId=${contextId}`);
    expect(list.body.find((entry) => entry.id === id)?.status).toBe('running');

    client.socket.emit('stop', id);
    await client.waitFor<StatusEvent>('status', ended(id));
    const statuses = client.all<StatusEvent>('status').filter((event) => event.conversation_id === id);
    expect(statuses.map((event) => event.status)).toEqual(['running', 'to_stop', 'clear']);
    expect((await messagesOf(id)).map((message) => [message.role, message.content])).toEqual([
      ['user', 'First'],
      ['assistant', 'Thinking about'],
    ]);
  });

  it('stops the turn of a conversation deleted while it runs', async () => {
    const id = await conversation();
    script = [{ hang: true, text: 'Still going' }];
    const client = await chat();
    client.socket.emit('ask', id, 'Long');
    await client.waitFor(
      'response-chunk',
      (chunk: { conversationId: string }) => chunk.conversationId === id,
    );
    expect((await api.del(`/api/conversations/${id}`)).status).toBe(204);
    expect(await client.waitFor<StatusEvent>('status', ended(id))).toEqual({
      conversation_id: id,
      status: 'clear',
      error: null,
    });
    const left = await running.built.store.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('answers stop on an idle conversation with its status', async () => {
    const id = await conversation();
    const client = await chat();
    client.socket.emit('stop', id);
    expect(await client.waitFor<StatusEvent>('status')).toEqual({
      conversation_id: id,
      status: 'clear',
      error: null,
    });
  });

  it('refuses empty questions and unknown conversations with an error event', async () => {
    const id = await conversation();
    const client = await chat();
    client.socket.emit('ask', id, '   ');
    expect(await client.waitFor('error')).toEqual({
      message: 'Invalid text: must not be empty',
      conversationId: id,
      code: 'BAD_REQUEST',
      field: 'text',
    });
    client.socket.emit('ask', 'no-such-conversation', 'Hi');
    expect(
      await client.waitFor(
        'error',
        (event: { conversationId: string }) => event.conversationId === 'no-such-conversation',
      ),
    ).toEqual({
      message: 'Conversation not found',
      conversationId: 'no-such-conversation',
      code: 'NOT_FOUND',
    });
  });
});

describe('query', () => {
  it("runs the user's SQL as a message with its result, and a failing statement as a result too", async () => {
    const id = await conversation();
    const client = await chat();
    client.socket.emit('query', id, 'SELECT COUNT(*) AS n FROM Artist');
    await client.waitFor('status', ended(id));
    client.socket.emit('query', id, 'SELECT nope FROM Artist');
    await client.waitFor<StatusEvent>(
      'status',
      (event) => ended(id)(event) && client.all('status').length >= 4,
    );
    const messages = await messagesOf(id);
    expect(messages.map((message) => [message.role, message.functionCall?.name])).toEqual([
      ['user', USER_SQL_FUNCTION],
      ['function', USER_SQL_FUNCTION],
      ['user', USER_SQL_FUNCTION],
      ['function', USER_SQL_FUNCTION],
    ]);
    expect(messages[0]?.functionCall?.arguments).toEqual({ query: 'SELECT COUNT(*) AS n FROM Artist' });
    expect(messages[1]?.query).toMatchObject({
      columns: [{ name: 'n' }],
      rows: [[275]],
      count: 1,
      error: null,
    });
    expect(messages[3]?.query).toMatchObject({ rows: null, error: 'no such column: nope' });
    expect(
      client
        .all<StatusEvent>('status')
        .filter((event) => event.conversation_id === id)
        .at(-1)?.status,
    ).toBe('clear');
  });
});

describe('regenerateFromMessage', () => {
  it('edits a question: every later message is deleted, announced, and the question answered again', async () => {
    const id = await conversation();
    script = [{ text: 'Answer one.' }, { text: 'Answer two.' }, { text: 'Edited answer.' }];
    const client = await chat();
    client.socket.emit('ask', id, 'Question one');
    await client.waitFor('status', ended(id));
    client.socket.emit('ask', id, 'Question two');
    await client.waitFor<StatusEvent>(
      'status',
      (event) => ended(id)(event) && client.all('status').length >= 4,
    );
    const before = await messagesOf(id);
    expect(before.map((message) => message.content)).toEqual([
      'Question one',
      'Answer one.',
      'Question two',
      'Answer two.',
    ]);

    const [first, ...later] = before;
    client.socket.emit('regenerateFromMessage', id, first?.id ?? '', 'Question one, edited');
    await client.waitFor<StatusEvent>(
      'status',
      (event) => ended(id)(event) && client.all('status').length >= 6,
    );
    expect(client.all<string>('delete-message')).toEqual(later.map((message) => message.id));
    const after = await messagesOf(id);
    expect(after.map((message) => message.content)).toEqual(['Question one, edited', 'Edited answer.']);
    expect(after[0]?.id).toBe(first?.id);
    const rows = await running.built.store.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('regenerates an answer: from that message on is replaced', async () => {
    const id = await conversation();
    script = [{ text: 'Draft.' }, { text: 'Better.' }];
    const client = await chat();
    client.socket.emit('ask', id, 'Tell me');
    await client.waitFor('status', ended(id));
    const [, answer] = await messagesOf(id);
    client.socket.emit('regenerateFromMessage', id, answer?.id ?? '');
    await client.waitFor<StatusEvent>(
      'status',
      (event) => ended(id)(event) && client.all('status').length >= 4,
    );
    expect(client.all<string>('delete-message')).toEqual([answer?.id]);
    expect((await messagesOf(id)).map((message) => message.content)).toEqual(['Tell me', 'Better.']);
  });

  it('refuses to edit an answer and to regenerate an unknown message', async () => {
    const id = await conversation();
    script = [{ text: 'Fine.' }];
    const client = await chat();
    client.socket.emit('ask', id, 'Hi');
    await client.waitFor('status', ended(id));
    const [, answer] = await messagesOf(id);
    client.socket.emit('regenerateFromMessage', id, answer?.id ?? '', 'changed');
    expect(await client.waitFor('error')).toEqual({
      message: 'Only your own messages can be edited',
      conversationId: id,
      code: 'BAD_REQUEST',
      field: 'messageId',
    });
    client.socket.emit('regenerateFromMessage', id, 'nope');
    expect(
      await client.waitFor('error', (event: { message: string }) => event.message === 'Message not found'),
    ).toEqual({
      message: 'Message not found',
      conversationId: id,
      code: 'NOT_FOUND',
      field: 'messageId',
    });
  });
});

describe('two users', () => {
  it('never see each other’s events, and cannot act on each other’s conversations', async () => {
    const other = apiClient(running.baseUrl, { user: OTHER });
    const otherDatabase = await other.post<{ id: string }>('/api/databases', {
      name: 'Theirs',
      engine: 'sqlite',
      details: { filename: sqlite.filename },
    });
    expect(otherDatabase.status, otherDatabase.text).toBe(201);
    const mine = await conversation();
    const theirs = await conversation(other, `database-${otherDatabase.body.id}`);
    const me = await chat();
    const them = await chat(OTHER);

    script = [{ text: 'For me.' }, { text: 'For them.' }];
    me.socket.emit('ask', mine, 'Mine');
    await me.waitFor('status', ended(mine));
    them.socket.emit('ask', theirs, 'Theirs');
    await them.waitFor('status', ended(theirs));

    const conversationOf = (entry: { event: string; payload: unknown }) => {
      const payload = entry.payload as { conversationId?: string; conversation_id?: string; id?: string };
      return payload.conversationId ?? payload.conversation_id ?? payload.id;
    };
    expect(me.received.map(conversationOf).filter((id) => id !== mine)).toEqual([]);
    expect(them.received.map(conversationOf).filter((id) => id !== theirs)).toEqual([]);

    // Acting on another's conversation: told it does not exist, and nothing happens.
    for (const [event, args] of [
      ['ask', [mine, 'Let me in']],
      ['query', [mine, 'SELECT 1']],
      ['stop', [mine]],
      ['regenerateFromMessage', [mine, 'x']],
      ['confirmWriteOperation', [mine, 'q']],
      ['rejectWriteOperation', [mine, 'q']],
    ] as const) {
      const before = them.all('error').length;
      (them.socket.emit as (name: string, ...rest: unknown[]) => void)(event, ...args);
      await them.waitFor('error', () => them.all('error').length > before);
      expect(them.all('error').at(-1)).toEqual({
        message: 'Conversation not found',
        conversationId: mine,
        code: 'NOT_FOUND',
      });
    }
    expect((await messagesOf(mine)).map((message) => message.content)).toEqual(['Mine', 'For me.']);
    expect(me.all('error')).toEqual([]);
  });
});
