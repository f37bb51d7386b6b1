import type { ConversationSummary, Message, StatusEvent } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedRequest, WireReplayServer } from '../fakes/wire-replay-server.ts';
import { readWireFixture, startWireReplayServer } from '../fakes/wire-replay-server.ts';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/**
 * The real @ai-sdk/openai (Responses API) and @ai-sdk/anthropic providers, configured as an
 * operator would, against recorded exchanges in each provider's own streaming protocol
 * (fixtures/wire/*.json). The tests read what Querent sent: the fields, the caching marks, and
 * the reasoning handed back to the model between steps.
 */

interface Harness {
  wire: WireReplayServer;
  running: RunningApp;
  contextId: string;
  /** Lines the server logged, parsed. */
  logs: Record<string, unknown>[];
  remove(): Promise<void>;
}

const clients: ChatClient[] = [];

async function startHarness(fixture: string, env: Record<string, string>): Promise<Harness> {
  const wire = await startWireReplayServer(readWireFixture(fixture));
  const sqlite = await chinookSqliteCopy();
  const logs: Record<string, unknown>[] = [];
  const running = await startTestApp(
    { ...env, LLM_BASE_URL: wire.baseUrl, LLM_MAX_RETRIES: '0', LLM_TIMEOUT_MS: '5000', LOG_LEVEL: 'warn' },
    { logStream: { write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>) } },
  );
  const created = await apiClient(running.baseUrl).post<{ id: string }>('/api/databases', {
    name: 'Chinook',
    engine: 'sqlite',
    details: { filename: sqlite.filename },
  });
  return {
    wire,
    running,
    logs,
    contextId: `database-${created.body.id}`,
    async remove() {
      await running.stop();
      await wire.close();
      await sqlite.remove();
    },
  };
}

async function ask(
  harness: Harness,
  text: string,
): Promise<{ end: StatusEvent; messages: Message[]; sent: ReceivedRequest[] }> {
  const api = apiClient(harness.running.baseUrl);
  const before = harness.wire.requests.length;
  const created = await api.post<ConversationSummary>('/api/conversations', { contextId: harness.contextId });
  const conversationId = created.body.id;
  const client = await connectChat(harness.running.baseUrl);
  clients.push(client);
  client.socket.emit('ask', conversationId, text);
  const end = await client.waitFor<StatusEvent>(
    'status',
    (event) => event.conversation_id === conversationId && event.status !== 'running',
  );
  const conversation = await api.get<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
  return { end, messages: conversation.body.messages, sent: harness.wire.requests.slice(before) };
}

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

type Item = Record<string, unknown>;
const items = (request: ReceivedRequest | undefined): Item[] => (request?.body.input ?? []) as Item[];

describe('OpenAI through the Responses API, on recorded exchanges', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('openai-responses.json', {
      LLM_PROVIDER: 'openai',
      LLM_API_KEY: 'sk-recorded',
      LLM_MODEL: 'gpt-5-mini',
      LLM_REASONING_EFFORT: 'low',
    });
  });
  afterAll(() => harness.remove());

  it('keeps nothing at OpenAI, asks for the encrypted reasoning and sends it back with the tool result', async () => {
    harness.wire.play('tool-call-then-answer');
    const { end, messages, sent } = await ask(harness, 'How many customers are there?');
    expect(end).toMatchObject({ status: 'clear', error: null });
    expect(messages.at(-1)?.content).toBe('There are 59 customers.');

    const [first, second] = sent;
    expect(sent.map((request) => request.path)).toEqual(['/v1/responses', '/v1/responses']);
    expect(first?.headers.authorization).toBe('Bearer sk-recorded');
    expect(first?.body).toMatchObject({
      model: 'gpt-5-mini',
      stream: true,
      store: false,
      include: ['reasoning.encrypted_content'],
      reasoning: { effort: 'low' },
    });
    const tools = first?.body.tools as { type: string; name: string }[];
    expect(tools.map((entry) => entry.type)).toEqual(tools.map(() => 'function'));
    expect(tools.map((entry) => entry.name)).toContain('run_sql');
    // The instructions lead the input, as the developer's message to a reasoning model.
    expect(items(first)[0]).toMatchObject({ role: 'developer' });
    expect(String((items(first)[0] as { content: unknown }).content)).toContain('SQLite');

    // Step two: the reasoning item, then the call it led to, then the call's output.
    const input = items(second);
    const reasoning = input.findIndex((item) => item.type === 'reasoning');
    const call = input.findIndex((item) => item.type === 'function_call');
    const output = input.findIndex((item) => item.type === 'function_call_output');
    expect(input[reasoning]).toMatchObject({
      type: 'reasoning',
      id: 'rs_01',
      encrypted_content: 'gAAAAABpJfakeEncryptedReasoningOfStepOne-counting-customers==',
    });
    expect(input[call]).toMatchObject({ call_id: 'call_01', name: 'run_sql' });
    expect(input[output]).toMatchObject({ call_id: 'call_01' });
    expect(String(input[output]?.output)).toContain('"rows":[[59]]');
    expect(reasoning).toBeGreaterThan(-1);
    expect(reasoning).toBeLessThan(call);
    expect(call).toBeLessThan(output);
  });

  it('ends a turn cut at the output limit with a message saying so, after the text written', async () => {
    harness.wire.play('cut-by-length');
    const { end, messages } = await ask(harness, 'Where are the customers?');
    expect(end).toMatchObject({ status: 'clear', error: null });
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Where are the customers?'],
      ['assistant', 'The customers are spread over twenty-four countries, led by'],
      [
        'assistant',
        'My answer was cut off: the model reached its output length limit (the provider said "max_output_tokens") before finishing. Ask me to continue, or ask a narrower question.',
      ],
    ]);
  });

  it('ends a turn the content filter stopped with a message saying so', async () => {
    harness.wire.play('content-filter');
    const { messages } = await ask(harness, 'Anything');
    expect(messages.at(-1)?.content).toBe(
      'The provider\'s content filter stopped my answer (the provider said "content_filter"). Rephrase the question and ask again.',
    );
  });
});

describe('OpenAI through the Responses API, with a model that does not reason', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('openai-responses.json', {
      LLM_PROVIDER: 'openai',
      LLM_API_KEY: 'sk-recorded',
      LLM_MODEL: 'gpt-4.1',
      LLM_REASONING_EFFORT: 'low',
    });
  });
  afterAll(() => harness.remove());

  it('asks for no encrypted reasoning and no effort, which such a model refuses', async () => {
    harness.wire.play('cut-by-length');
    const { sent } = await ask(harness, 'Where are the customers?');
    expect(sent[0]?.body).toMatchObject({ model: 'gpt-4.1', store: false });
    expect(sent[0]?.body).not.toHaveProperty('include');
    expect(sent[0]?.body).not.toHaveProperty('reasoning');
    expect(items(sent[0])[0]).toMatchObject({ role: 'system' });
  });
});

const ephemeral = { type: 'ephemeral' };

/** Where the request carries Anthropic's cache marks, by block. */
function cacheMarks(body: Record<string, unknown>): string[] {
  const marks: string[] = [];
  (body.system as Item[]).forEach((block, index) => {
    if (block.cache_control) marks.push(`system[${index}]`);
  });
  (body.tools as Item[]).forEach((tool) => {
    if (tool.cache_control) marks.push(`tool ${String(tool.name)}`);
  });
  (body.messages as { role: string; content: Item[] }[]).forEach((message, index) => {
    message.content.forEach((block, blockIndex) => {
      if (block.cache_control) marks.push(`messages[${index}].content[${blockIndex}]`);
    });
  });
  return marks;
}

describe('Anthropic prompt caching, on recorded exchanges', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('anthropic-messages.json', {
      LLM_PROVIDER: 'anthropic',
      LLM_API_KEY: 'sk-ant-recorded',
    });
  });
  afterAll(() => harness.remove());

  it('marks the instructions, the last tool and the last message for caching at every step', async () => {
    harness.wire.play('tool-call-then-answer');
    const { end, messages, sent } = await ask(harness, 'How many customers are there?');
    expect(end).toMatchObject({ status: 'clear', error: null });
    expect(messages.at(-1)?.content).toBe('There are 59 customers.');

    const [first, second] = sent;
    expect(sent.map((request) => request.path)).toEqual(['/v1/messages', '/v1/messages']);
    expect(first?.headers['x-api-key']).toBe('sk-ant-recorded');
    expect(first?.body).toMatchObject({ model: 'claude-sonnet-4-5', stream: true });
    const tools = first?.body.tools as Item[];
    const lastTool = String(tools.at(-1)?.name);
    expect(tools.at(-1)?.cache_control).toEqual(ephemeral);
    expect(cacheMarks(first?.body ?? {})).toEqual([
      'system[0]',
      `tool ${lastTool}`,
      'messages[0].content[0]',
    ]);

    // Step two: the tool result is now the last block, and it carries the mark.
    const history = second?.body.messages as { role: string; content: Item[] }[];
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(history[1]?.content.find((block) => block.type === 'tool_use')).toMatchObject({ id: 'toolu_01' });
    const result = history[2]?.content.at(-1);
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_01', cache_control: ephemeral });
    expect(cacheMarks(second?.body ?? {})).toEqual([
      'system[0]',
      `tool ${lastTool}`,
      `messages[2].content[${(history[2]?.content.length ?? 1) - 1}]`,
    ]);
  });

  it('ends a turn stopped at max_tokens, or refused, with a message saying so', async () => {
    harness.wire.play('cut-by-max-tokens');
    const cut = await ask(harness, 'Where are the customers?');
    expect(cut.messages.at(-1)?.content).toBe(
      'My answer was cut off: the model reached its output length limit (the provider said "max_tokens") before finishing. Ask me to continue, or ask a narrower question.',
    );
    harness.wire.play('refusal');
    const refused = await ask(harness, 'Anything');
    expect(refused.messages.at(-1)?.content).toBe(
      'The provider\'s content filter stopped my answer (the provider said "refusal"). Rephrase the question and ask again.',
    );
  });

  it('logs a warning when the provider counts far fewer input tokens than were sent', async () => {
    const gaps = () => harness.logs.filter((line) => String(line.msg).includes('differ widely'));
    // The steps above reported about what was sent (most of it read from the cache): no warning.
    expect(gaps()).toEqual([]);
    harness.wire.play('counted-short');
    const { end } = await ask(harness, 'Hello?');
    expect(end.status).toBe('clear');
    const [gap] = gaps();
    expect(gaps()).toHaveLength(1);
    expect(gap).toMatchObject({ level: 40, provider: 'anthropic', reported: 900 });
    expect(Number(gap?.estimated)).toBeGreaterThan(2000);
    expect(String(gap?.advice)).toContain('num_ctx');
  });
});
