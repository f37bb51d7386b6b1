import type { ConversationSummary, Message, StatusEvent } from '@querent/contracts';
import { APICallError } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import type { ScriptEntry } from '../helpers/scripted-model.ts';
import { scriptFedModel } from '../helpers/scripted-model.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/** Provider failures end the turn with a clear error; the question stays and Regenerate retries. */
let running: RunningApp;
let api: ApiClient;
let sqlite: { filename: string; remove: () => Promise<void> };
let contextId: string;
let script: ScriptEntry[] = [];
const clients: ChatClient[] = [];

function apiError(statusCode: number, message: string): APICallError {
  return new APICallError({
    message,
    url: 'https://api.openai.com/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify({ error: { message } }),
    isRetryable: statusCode === 429 || statusCode >= 500,
  });
}

beforeAll(async () => {
  sqlite = await chinookSqliteCopy();
  const model = scriptFedModel(() => script.shift());
  running = await startTestApp(
    { OPENAI_API_KEY: 'sk-test', LLM_MAX_RETRIES: '0', LLM_TIMEOUT_MS: '1000' },
    { languageModel: model },
  );
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

async function failingTurn(
  step: ScriptEntry | ScriptEntry[],
): Promise<{ id: string; client: ChatClient; end: StatusEvent }> {
  const created = await api.post<ConversationSummary>('/api/conversations', { contextId });
  const id = created.body.id;
  script = Array.isArray(step) ? step : [step];
  const client = await connectChat(running.baseUrl);
  clients.push(client);
  client.socket.emit('ask', id, 'How many albums?');
  const end = await client.waitFor<StatusEvent>(
    'status',
    (event) => event.conversation_id === id && event.status !== 'running',
  );
  return { id, client, end };
}

async function stored(id: string) {
  return (
    await api.get<{ messages: Message[]; status: string; error: string | null }>(`/api/conversations/${id}`)
  ).body;
}

describe('provider failures', () => {
  it('a refused key (401)', async () => {
    const { id, end } = await failingTurn({ fail: apiError(401, 'Incorrect API key provided: sk-test') });
    expect(end).toEqual({
      conversation_id: id,
      status: 'error',
      error:
        'OpenAI refused the API key (HTTP 401: Incorrect API key provided: sk-test). Check LLM_API_KEY, then regenerate.',
    });
    const conversation = await stored(id);
    expect(conversation).toMatchObject({ status: 'error', error: end.error });
    expect(conversation.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'How many albums?'],
    ]);
  });

  it('a rate limit (429)', async () => {
    const { end } = await failingTurn({ fail: apiError(429, 'Rate limit reached for requests') });
    expect(end.error).toBe(
      'OpenAI is rate limiting requests (HTTP 429: Rate limit reached for requests). Wait a moment, then regenerate.',
    );
  });

  it('a model that stops answering (LLM_TIMEOUT_MS)', async () => {
    const started = Date.now();
    const { end } = await failingTurn({ hang: true });
    expect(end.status).toBe('error');
    expect(end.error).toBe(
      'The model did not answer within 1 s (LLM_TIMEOUT_MS). The provider may be overloaded: regenerate to try again.',
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('malformed tool calls, after the model was told once', async () => {
    const broken = { calls: [{ name: 'run_sql', input: { sql: 'SELECT 1' } }] };
    const { id, end } = await failingTurn([broken, { calls: [{ name: 'drop_everything', input: {} }] }]);
    expect(end.status).toBe('error');
    expect(end.error).toMatch(
      /^The model sent a malformed tool call and could not correct it: drop_everything: /,
    );
    const results = (await stored(id)).messages.filter((message) => message.role === 'function');
    expect(results.map((message) => JSON.parse(message.content ?? '{}') as { error: string })).toEqual([
      { error: expect.stringMatching(/^Invalid tool call: Invalid input for tool run_sql/) as unknown },
      {
        error: expect.stringMatching(
          /^Invalid tool call: Model tried to call unavailable tool 'drop_everything'/,
        ) as unknown,
      },
    ]);
  });

  it('a malformed call the model then corrects does not end the turn', async () => {
    const { end } = await failingTurn([
      { calls: [{ name: 'run_sql', input: '{"query": SELECT' }] },
      { calls: [{ name: 'run_sql', input: { query: 'SELECT COUNT(*) AS albums FROM Album' } }] },
      { text: '347 albums.' },
    ]);
    expect(end).toMatchObject({ status: 'clear', error: null });
  });

  it('regenerate retries the kept question after a failure', async () => {
    const { id, client } = await failingTurn({ fail: apiError(503, 'Service unavailable') });
    const [question] = (await stored(id)).messages;
    script = [{ text: 'There are 347 albums.' }];
    client.socket.emit('regenerateFromMessage', id, question?.id ?? '');
    const end = await client.waitFor<StatusEvent>(
      'status',
      (event) => event.conversation_id === id && event.status === 'clear',
    );
    expect(end.error).toBeNull();
    const conversation = await stored(id);
    expect(conversation).toMatchObject({ status: 'clear', error: null });
    expect(conversation.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'How many albums?'],
      ['assistant', 'There are 347 albums.'],
    ]);
  });
});
