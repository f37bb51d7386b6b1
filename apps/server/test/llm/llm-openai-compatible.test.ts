import type { ConversationSummary, Message, StatusEvent } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAiServer } from '../fakes/openai-compatible-server.ts';
import { startFakeOpenAiServer } from '../fakes/openai-compatible-server.ts';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/**
 * The wire path: the real @ai-sdk/openai-compatible provider, configured as an operator would
 * (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY), against a local server streaming chat completions.
 */
let fake: FakeOpenAiServer;
let running: RunningApp;
let api: ApiClient;
let sqlite: { filename: string; remove: () => Promise<void> };
let contextId: string;
const clients: ChatClient[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  sqlite = await chinookSqliteCopy();
  running = await startTestApp({
    LLM_BASE_URL: fake.baseUrl,
    LLM_MODEL: 'fake-model',
    LLM_API_KEY: 'secret-key',
    LLM_MAX_RETRIES: '0',
    LLM_TIMEOUT_MS: '5000',
  });
  api = apiClient(running.baseUrl);
  const created = await api.post<{ id: string }>('/api/databases', {
    name: 'Chinook',
    engine: 'sqlite',
    details: { filename: sqlite.filename },
  });
  contextId = `database-${created.body.id}`;
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await running.stop();
  await fake.close();
  await sqlite.remove();
});

async function ask(text: string): Promise<{ conversationId: string; client: ChatClient; end: StatusEvent }> {
  const created = await api.post<ConversationSummary>('/api/conversations', { contextId });
  const conversationId = created.body.id;
  const client = await connectChat(running.baseUrl);
  clients.push(client);
  client.socket.emit('ask', conversationId, text);
  const end = await client.waitFor<StatusEvent>(
    'status',
    (event) => event.conversation_id === conversationId && event.status !== 'running',
  );
  return { conversationId, client, end };
}

function toolContent(request: FakeOpenAiServer['requests'][number]): Record<string, unknown> {
  const tool = request.body.messages.find((message) => message.role === 'tool');
  return JSON.parse(String(tool?.content)) as Record<string, unknown>;
}

describe('through the OpenAI-compatible provider', () => {
  it('streams a tool call and an answer over the wire, with the key, the model and the tools', async () => {
    fake.script([
      {
        text: 'Counting.',
        toolCalls: [{ name: 'run_sql', arguments: { query: 'SELECT COUNT(*) AS customers FROM Customer' } }],
      },
      (request) => {
        const result = toolContent(request);
        return {
          text: `There are ${JSON.stringify((result.rows as unknown[])[0])} customers.\n\n{{query:${String(result.queryId)}}}`,
        };
      },
    ]);
    const before = fake.requests.length;
    const { conversationId, client, end } = await ask('How many customers are there?');
    expect(end).toEqual({ conversation_id: conversationId, status: 'clear', error: null });

    const [first, second] = fake.requests.slice(before);
    expect(first?.headers.authorization).toBe('Bearer secret-key');
    expect(first?.body).toMatchObject({ model: 'fake-model', stream: true });
    expect(first?.body.tools?.map((entry) => entry.function.name).sort()).toEqual([
      'analyze_entity',
      'column_values',
      'create_chart',
      'describe_table',
      'explain_score',
      'list_metrics',
      'mute_check',
      'open_issue',
      'profile_table',
      'propose_checks',
      'propose_entity',
      'query_metrics',
      'run_checks',
      'run_sql',
      'sample_rows',
      'save_memory',
      'scan_database',
      'search_schema',
      'triage_issue',
    ]);
    const system = first?.body.messages.find((message) => message.role === 'system');
    expect(String(system?.content)).toContain('SQLite');
    expect(String(system?.content)).toMatch(/- Customer \(.*\): CustomerId INTEGER PK/);
    // The second request carries the call and its result, paired by id.
    const call = second?.body.messages.find((message) => message.role === 'assistant' && message.tool_calls);
    const result = second?.body.messages.find((message) => message.role === 'tool');
    expect((call?.tool_calls?.[0] as { id: string }).id).toBe(result?.tool_call_id);
    if (!second) throw new Error('the provider made one request only');
    expect(toolContent(second)).toMatchObject({
      columns: [{ name: 'customers' }],
      rowCount: 1,
      rows: [[59]],
    });

    const conversation = await api.get<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
    const answer = conversation.body.messages.at(-1);
    const queryId = conversation.body.messages.find((message) => message.role === 'function')?.queryId;
    expect(answer?.content).toBe(`There are [59] customers.\n\n{{query:${queryId}}}`);
    const chunks = client
      .all<{ messageId: string }>('response-chunk')
      .filter((chunk) => chunk.messageId === answer?.id);
    expect(chunks.length).toBeGreaterThan(3);
  });

  it('ends an answer cut at the server’s length limit with a message saying so, never silently', async () => {
    fake.script([{ text: 'The customers live in twenty-four', finish: 'length' }]);
    const { conversationId, end } = await ask('Where do the customers live?');
    expect(end).toEqual({ conversation_id: conversationId, status: 'clear', error: null });
    const conversation = await api.get<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
    expect(conversation.body.messages.map((message) => message.content)).toEqual([
      'Where do the customers live?',
      'The customers live in twenty-four',
      'My answer was cut off: the model reached its output length limit (the provider said "length") before finishing. Ask me to continue, or ask a narrower question.',
    ]);
  });

  it('ends the turn with the provider’s refusal of the key, keeping the question', async () => {
    fake.script([
      {
        status: 401,
        body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
      },
    ]);
    const { conversationId, end } = await ask('Top artists?');
    expect(end.status).toBe('error');
    expect(end.error).toBe(
      'The model server refused the API key (HTTP 401: Incorrect API key provided). Check LLM_API_KEY, then regenerate.',
    );
    const conversation = await api.get<{ messages: Message[]; status: string; error: string }>(
      `/api/conversations/${conversationId}`,
    );
    expect(conversation.body.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Top artists?'],
    ]);
    expect(conversation.body).toMatchObject({ status: 'error', error: end.error });
  });

  it('gives up on tool calls whose arguments are not JSON, after telling the model once', async () => {
    const broken = { toolCalls: [{ name: 'run_sql', arguments: '{"query": "SELECT' }] };
    fake.script([broken, broken]);
    const before = fake.requests.length;
    const { end } = await ask('Anything');
    expect(end.status).toBe('error');
    expect(end.error).toMatch(/^The model sent a malformed tool call and could not correct it: run_sql: /);
    // The model was told what was wrong before the second try.
    const retry = fake.requests[before + 1];
    expect(String(retry?.body.messages.find((message) => message.role === 'tool')?.content)).toContain(
      'Invalid tool call',
    );
  });
});
