import type {
  ClientEventName,
  ConversationSummary,
  Message,
  SocketErrorEvent,
  StatusEvent,
} from '@querent/contracts';
import { clientEvents, MAX_QUESTION_LENGTH } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import { scriptedModel } from '../helpers/scripted-model.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/** Every socket event's payload is checked against its declaration in the contracts before it runs. */
let running: RunningApp;
let api: ApiClient;
let sqlite: { filename: string; remove: () => Promise<void> };
let conversationId: string;
const clients: ChatClient[] = [];

beforeAll(async () => {
  sqlite = await chinookSqliteCopy();
  running = await startTestApp({}, { languageModel: scriptedModel([{ text: 'Fine.' }]) });
  api = apiClient(running.baseUrl);
  const created = await api.post<{ id: string }>('/api/databases', {
    name: 'Chinook',
    engine: 'sqlite',
    details: { filename: sqlite.filename },
  });
  const conversation = await api.post<ConversationSummary>('/api/conversations', {
    contextId: `database-${created.body.id}`,
  });
  conversationId = conversation.body.id;
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await running.stop();
  await sqlite.remove();
});

async function chat(): Promise<ChatClient> {
  const client = await connectChat(running.baseUrl);
  clients.push(client);
  return client;
}

// The wire is untyped: these are what any client may send.
type LooseEmit = (name: string, ...args: unknown[]) => void;
type LooseEmitWithAck = (name: string, ...args: unknown[]) => Promise<unknown>;

/** Sends an event as given and resolves with the next `error` the socket hears. */
async function refusalOf(client: ChatClient, name: string, args: unknown[]): Promise<SocketErrorEvent> {
  const before = client.all('error').length;
  (client.socket.emit as LooseEmit)(name, ...args);
  await client.waitFor('error', () => client.all('error').length > before);
  const refusal = client.all<SocketErrorEvent>('error')[before];
  if (!refusal) throw new Error('no refusal');
  return refusal;
}

async function storedMessages(): Promise<Message[]> {
  const response = await api.get<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
  return response.body.messages;
}

/** Arguments every declared event accepts, by name: a real conversation, ids that name nothing. */
function soundArguments(name: ClientEventName): unknown[] {
  return clientEvents[name].required.map(([argument]) => {
    if (argument === 'conversationId') return conversationId;
    if (argument === 'text' || argument === 'sql') return 'SELECT 1';
    return 'no-such-id';
  });
}

describe('a payload its declaration refuses', () => {
  it('is answered on every declared event with `error` naming the argument, and nothing runs', async () => {
    const client = await chat();
    for (const name of Object.keys(clientEvents) as ClientEventName[]) {
      const sound = soundArguments(name);
      const names = clientEvents[name].required.map(([argument]) => argument);
      for (const [index, argument] of names.entries()) {
        for (const wrong of [42, null, { id: conversationId }, ['a'], true]) {
          const args = sound.map((value, at) => (at === index ? wrong : value));
          const refusal = await refusalOf(client, name, args);
          const sent = `${name} ${argument} ${JSON.stringify(wrong)}`;
          expect(refusal, sent).toEqual({
            message: refusal.message,
            code: 'BAD_REQUEST',
            field: argument,
            conversationId: argument === 'conversationId' ? null : conversationId,
          });
          expect(refusal.message, sent).toMatch(new RegExp(`^Invalid ${argument}: `));
        }
      }
      // The last required argument left out, and one argument too many.
      const missing = await refusalOf(client, name, sound.slice(0, -1));
      expect(missing.field, name).toBe(names.at(-1));
      const allowed = names.length + clientEvents[name].optional.length;
      const extra = await refusalOf(client, name, [...sound, ...Array.from({ length: allowed }, () => 'x')]);
      expect(extra, name).toMatchObject({ code: 'BAD_REQUEST', field: 'arguments' });
      expect(extra.message).toMatch(new RegExp(`^Too many arguments: ${name} takes conversationId`));
    }
    expect(await storedMessages()).toEqual([]);
  });

  it('refuses an empty or overlong text, SQL or edit, naming it', async () => {
    const client = await chat();
    const tooLong = 'x'.repeat(MAX_QUESTION_LENGTH + 1);
    expect(await refusalOf(client, 'ask', [conversationId, ' \n\t '])).toMatchObject({
      message: 'Invalid text: must not be empty',
      field: 'text',
    });
    expect(await refusalOf(client, 'query', [conversationId, tooLong])).toMatchObject({
      message: `Invalid sql: must be at most ${MAX_QUESTION_LENGTH} characters`,
      field: 'sql',
    });
    expect(await refusalOf(client, 'regenerateFromMessage', [conversationId, 'm', ''])).toMatchObject({
      message: 'Invalid content: must not be empty',
      field: 'content',
    });
    expect(await storedMessages()).toEqual([]);
  });
});

describe('an event nobody declared', () => {
  it('is refused naming the event, even `error`, and the socket goes on working', async () => {
    const client = await chat();
    expect(await refusalOf(client, 'dropTables', [conversationId])).toEqual({
      message: 'Unknown event "dropTables"',
      code: 'BAD_REQUEST',
      field: 'event',
      conversationId: null,
    });
    // `error` is the name of the server's own refusals; from a client it is just an unknown event.
    expect(await refusalOf(client, 'error', [{ message: 'boom' }])).toMatchObject({ field: 'event' });
    expect(await refusalOf(client, 'toString', [])).toMatchObject({ field: 'event' });
    expect(client.socket.connected).toBe(true);
    client.socket.emit('stop', conversationId);
    expect(await client.waitFor<StatusEvent>('status')).toEqual({
      conversation_id: conversationId,
      status: 'clear',
      error: null,
    });
  });
});

describe('an acknowledgement the client asks for', () => {
  it('is answered at once: null when the payload is accepted, the refusal when not', async () => {
    const client = await chat();
    const emitWithAck = (...args: [string, ...unknown[]]) =>
      (client.socket.timeout(5000).emitWithAck as LooseEmitWithAck)(...args);
    expect(await emitWithAck('stop', conversationId)).toBeNull();
    expect(await emitWithAck('ask', conversationId, 7)).toMatchObject({ code: 'BAD_REQUEST', field: 'text' });
    expect(await emitWithAck('nope')).toMatchObject({ code: 'BAD_REQUEST', field: 'event' });
  });
});
