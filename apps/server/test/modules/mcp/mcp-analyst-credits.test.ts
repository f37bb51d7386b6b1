import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Conversation, ConversationSummary, CreatedApiKey, Database } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import { callFailingTool, callTool } from '../../helpers/mcp-client.ts';
import { readJson } from '../../helpers/responses.ts';
import type { ScriptEntry } from '../../helpers/scripted-model.ts';
import { scriptFedModel } from '../../helpers/scripted-model.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import type { AppBrowser, ClientSocket } from '../../oidc/app-browser.ts';
import { hostedEnv, requestJson, signInBrowser, socketConnected } from '../../oidc/app-browser.ts';
import { testClient, testPublicUrl } from '../../oidc/hosted-deps.ts';
import type { TestProvider } from '../../oidc/test-provider.ts';
import { startTestProvider } from '../../oidc/test-provider.ts';

/*
 * ask_analyst in hosted mode through an API key: Bob, a member, asks Querent's analyst from an MCP
 * client and spends his credits exactly as the chat would (the scripted model reports 10 input and
 * 5 output tokens a call: 20 credits at these prices), watches the conversation appear in his open
 * browser tab, and is refused with words a model can relay once nothing is left, before any model
 * call and without leaving an empty conversation behind.
 */

interface Answer {
  answer: string | null;
  queries: { sql: string; rows: unknown[][] }[];
  conversationId: string;
  conversationUrl: string;
  credits: { spent: number; inputTokens: number; outputTokens: number } | null;
}

const publicHost = new URL(testPublicUrl).host;

describe('ask_analyst spends credits as the chat does', () => {
  let provider: TestProvider;
  let chinook: { filename: string; remove: () => Promise<void> };
  let running: RunningApp;
  let bob: AppBrowser;
  let socket: ClientSocket;
  let database: Database;
  let client: Client;
  let script: ScriptEntry[] = [];
  let modelCalls = 0;

  beforeAll(async () => {
    provider = await startTestProvider({ clients: [testClient] });
    chinook = await chinookSqliteCopy();
    const model = scriptFedModel(() => {
      modelCalls += 1;
      return script.shift();
    });
    running = await startTestApp(
      hostedEnv(provider.issuer, {
        TRUST_PROXY: '1',
        SIGNUP_CREDITS: '50',
        CREDIT_MODEL_PRICES: `${model.modelId}=1000/2000`,
        CREDIT_TURN_HOLD: '30',
        CREDIT_MIN_PER_TURN: '1',
        CREDIT_PRICE_PER_QUERY: '5',
      }),
      { languageModel: model },
    );
    // The first to sign in administers; she connects the organisation's database.
    const alice = await signInBrowser(running.baseUrl, 'alice');
    database = await readJson<Database>(
      await alice.request('/api/databases', {
        method: 'POST',
        body: { name: 'Chinook', engine: 'sqlite', details: { filename: chinook.filename } },
      }),
      201,
    );
    bob = await signInBrowser(running.baseUrl, 'bob');
    const key = await readJson<CreatedApiKey>(
      await bob.request('/api/api-keys', {
        method: 'POST',
        body: { name: 'Analyst', scopes: ['analyst:ask'], expires_at: null },
      }),
      201,
    );
    client = new Client({ name: 'querent-tests', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${running.baseUrl}/mcp`), {
        requestInit: { headers: { 'x-forwarded-host': publicHost, authorization: `Bearer ${key.secret}` } },
      }),
    );
    socket = bob.socket();
    await socketConnected(socket);
  });

  afterAll(async () => {
    socket.disconnect();
    await client.close();
    await running.stop();
    await provider.stop();
    await chinook.remove();
  });

  const creditsOfBob = async () =>
    (await requestJson<{ credits_remaining: number }>(bob, '/api/user/credits')).body.credits_remaining;

  it('charges each answer its tokens, shows it in the chat, and refuses at zero before any model call', async () => {
    expect(await creditsOfBob()).toBe(50);
    const named: ConversationSummary[] = [];
    socket.on('conversation', (summary) => named.push(summary));

    // Two model calls (a query, then the answer): 40 credits; the analyst's SQL is part of its turn.
    script = [
      { calls: [{ name: 'run_sql', input: { query: 'SELECT COUNT(*) AS n FROM Artist' } }] },
      { text: 'There are 275 artists.' },
    ];
    const first = await callTool<Answer>(client, 'ask_analyst', {
      databaseId: database.id,
      question: 'How many artists?',
    });
    expect(first.answer).toBe('There are 275 artists.');
    expect(first.queries[0]?.rows).toEqual([[275]]);
    expect(first.credits).toEqual({ spent: 40, inputTokens: 20, outputTokens: 10 });
    expect(await creditsOfBob()).toBe(10);
    expect(first.conversationUrl).toBe(`${testPublicUrl}/chat/${first.conversationId}`);
    // The chat shows the same charge on the question, and Bob's open tab heard of the conversation.
    const stored = await requestJson<Conversation>(bob, `/api/conversations/${first.conversationId}`);
    expect(stored.body.messages[0]?.usage).toEqual({ inputTokens: 20, outputTokens: 10, credits: 40 });
    expect(named.map((summary) => [summary.id, summary.name])).toContainEqual([
      first.conversationId,
      'How many artists?',
    ]);

    // 20 wanted, 10 left: charged what is left, as the chat's last turn is.
    script = [{ text: 'Albums: 347.' }];
    const second = await callTool<Answer>(client, 'ask_analyst', {
      databaseId: database.id,
      question: 'And albums?',
    });
    expect(second.credits).toEqual({ spent: 10, inputTokens: 10, outputTokens: 5 });
    expect(await creditsOfBob()).toBe(0);

    const callsBefore = modelCalls;
    const conversationsBefore = await requestJson<ConversationSummary[]>(
      bob,
      `/api/conversations?contextId=database-${database.id}`,
    );
    script = [{ text: 'never said' }];
    const refused = await callFailingTool(client, 'ask_analyst', {
      databaseId: database.id,
      question: 'And tracks?',
    });
    expect(refused.error?.code).toBe('SUBSCRIPTION_REQUIRED');
    expect(refused.error?.error).toMatch(/^No credits are left to ask Querent's analyst/);
    expect(refused.error?.hint).toBeDefined();
    expect(modelCalls).toBe(callsBefore);
    const conversationsAfter = await requestJson<ConversationSummary[]>(
      bob,
      `/api/conversations?contextId=database-${database.id}`,
    );
    expect(conversationsAfter.body.map((each) => each.id)).toEqual(
      conversationsBefore.body.map((each) => each.id),
    );
  });
});
