import type { ConversationSummary, Message, StatusEvent } from '@querent/contracts';
import { agentToolNames } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import { apiClient } from '../helpers/api-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/** With no model configured, the built-in offline analyst answers through the same loop and tools. */
let running: RunningApp;
let sqlite: { filename: string; remove: () => Promise<void> };

beforeAll(async () => {
  sqlite = await chinookSqliteCopy();
  running = await startTestApp();
});

afterAll(async () => {
  await running.stop();
  await sqlite.remove();
});

describe('the offline analyst', () => {
  it('is the default without a key, answers through the same tools and says how to configure a model', async () => {
    expect(running.config.llm.provider).toBe('offline');
    const api = apiClient(running.baseUrl);
    const database = await api.post<{ id: string }>('/api/databases', {
      name: 'Chinook',
      engine: 'sqlite',
      details: { filename: sqlite.filename },
    });
    const created = await api.post<ConversationSummary>('/api/conversations', {
      contextId: `database-${database.body.id}`,
    });
    const client = await connectChat(running.baseUrl);
    try {
      client.socket.emit('ask', created.body.id, 'How many customers are there?');
      const end = await client.waitFor<StatusEvent>(
        'status',
        (event) => event.conversation_id === created.body.id && event.status !== 'running',
      );
      expect(end).toMatchObject({ status: 'clear', error: null });
    } finally {
      client.close();
    }
    const conversation = await api.get<{ messages: Message[] }>(`/api/conversations/${created.body.id}`);
    const { messages } = conversation.body;
    // It works through the analyst's own tools, each call paired with its result…
    const calls = messages.filter((message) => message.role === 'assistant' && message.functionCall);
    const results = messages.filter((message) => message.role === 'function');
    expect(calls.length).toBeGreaterThan(0);
    expect(results.map((message) => message.functionCall?.callId)).toEqual(
      calls.map((message) => message.functionCall?.callId),
    );
    for (const call of calls) expect(agentToolNames).toContain(call.functionCall?.name);
    // …and its answer says what it is and how to configure a real model.
    const answer = messages.at(-1);
    expect(answer?.role).toBe('assistant');
    expect(answer?.content).toMatch(/offline analyst/i);
    expect(answer?.content).toMatch(/OPENAI_API_KEY|LLM_BASE_URL/);
  });
});
