import type { ConversationSummary, Message, StatusEvent } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from './fixtures/chinook.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { apiClient } from './helpers/api-client.ts';
import type { ChatClient } from './helpers/chat-client.ts';
import { connectChat } from './helpers/chat-client.ts';
import type { ScriptEntry } from './helpers/scripted-model.ts';
import { lastToolResult, scriptedModel } from './helpers/scripted-model.ts';
import type { RunningApp } from './helpers/test-app.ts';
import { startTestApp } from './helpers/test-app.ts';

let running: RunningApp;
let api: ApiClient;
let sqlite: { filename: string; remove: () => Promise<void> };
let databaseId: string;
let script: ScriptEntry[] = [];
const clients: ChatClient[] = [];

beforeAll(async () => {
  sqlite = await chinookSqliteCopy();
  // One model for the app; each test loads its own script into it.
  const model = scriptedModel([]);
  const original = model.doStream.bind(model);
  model.doStream = (options) => {
    const entry = script.shift();
    if (entry === undefined) return original(options);
    return scriptedModel([entry]).doStream(options);
  };
  running = await startTestApp({}, { languageModel: model });
  api = apiClient(running.baseUrl);
  const created = await api.post<{ id: string }>('/api/databases', {
    name: 'Chinook',
    engine: 'sqlite',
    details: { filename: sqlite.filename },
  });
  expect(created.status, created.text).toBe(201);
  databaseId = created.body.id;
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await running.stop();
  await sqlite.remove();
});

async function newConversation(): Promise<string> {
  const response = await api.post<ConversationSummary>('/api/conversations', {
    contextId: `database-${databaseId}`,
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function chat(): Promise<ChatClient> {
  const client = await connectChat(running.baseUrl);
  clients.push(client);
  return client;
}

const cleared = (conversationId: string) => (event: StatusEvent) =>
  event.conversation_id === conversationId && (event.status === 'clear' || event.status === 'error');

describe('the analyst loop with a scripted model', () => {
  it('explores, queries, charts and answers with embeds, storing each step before sending it', async () => {
    const conversationId = await newConversation();
    let queryId = '';
    let chartId = '';
    script = [
      { text: 'Let me look.', calls: [{ name: 'search_schema', input: { query: 'genre track' } }] },
      { calls: [{ name: 'describe_table', input: { table: 'Genre' } }] },
      {
        calls: [
          {
            name: 'run_sql',
            input: {
              query:
                'SELECT g.Name AS genre, COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.Name ORDER BY tracks DESC',
              title: 'Tracks per genre',
            },
          },
        ],
      },
      (options) => {
        queryId = (lastToolResult(options)?.output as { queryId: string }).queryId;
        return {
          calls: [
            {
              name: 'create_chart',
              input: { queryId, title: 'Tracks per genre', type: 'bar', x: 'genre', y: ['tracks'] },
            },
          ],
        };
      },
      (options) => {
        chartId = (lastToolResult(options)?.output as { chartId: string }).chartId;
        return {
          text: `Rock leads with 1297 tracks.\n\n{{query:${queryId}}}\n\n{{chart:${chartId}}}\n\n{{query:made-up}}`,
        };
      },
    ];
    const client = await chat();
    client.socket.emit('ask', conversationId, 'Which genre has the most tracks?');
    await client.waitFor<StatusEvent>('status', cleared(conversationId));

    const statuses = client
      .all<StatusEvent>('status')
      .filter((event) => event.conversation_id === conversationId);
    expect(statuses.map((event) => event.status)).toEqual(['running', 'clear']);

    const stored = await api.get<{ messages: Message[]; name: string }>(
      `/api/conversations/${conversationId}`,
    );
    expect(stored.body.name).toBe('Which genre has the most tracks?');
    const messages = stored.body.messages;
    expect(messages.map((message) => [message.role, message.functionCall?.name ?? null])).toEqual([
      ['user', null],
      ['assistant', null],
      ['assistant', 'search_schema'],
      ['function', 'search_schema'],
      ['assistant', 'describe_table'],
      ['function', 'describe_table'],
      ['assistant', 'run_sql'],
      ['function', 'run_sql'],
      ['assistant', 'create_chart'],
      ['function', 'create_chart'],
      ['assistant', null],
    ]);
    const result = messages[7];
    expect(result?.query).toMatchObject({ id: queryId, count: 25, error: null, title: 'Tracks per genre' });
    expect(result?.query?.rows?.[0]).toEqual({ genre: 'Rock', tracks: 1297 });
    expect(messages[9]?.chart).toMatchObject({
      id: chartId,
      queryId,
      config: { type: 'bar', x: 'genre', y: ['tracks'] },
    });
    const answer = messages.at(-1);
    expect(answer?.content).toBe(
      `Rock leads with 1297 tracks.\n\n{{query:${queryId}}}\n\n{{chart:${chartId}}}`,
    );

    // The answer streamed in chunks under the id of the message that holds it.
    const chunks = client
      .all<{ messageId: string; delta: string }>('response-chunk')
      .filter((chunk) => chunk.messageId === answer?.id);
    expect(chunks.length).toBeGreaterThan(1);
    // Every message was sent as `response`, the last state of each equal to what is stored.
    const sent = new Map(client.all<Message>('response').map((message) => [message.id, message]));
    for (const message of messages) expect(sent.get(message.id)?.content).toBe(message.content);
  });
});
