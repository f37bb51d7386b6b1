import type { Message } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sumBalance } from '../../../src/modules/credits/credit-ledger.repo.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import { scriptedModel } from '../../helpers/scripted-model.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import type { AppBrowser, ClientSocket } from '../../oidc/app-browser.ts';
import { hostedEnv, requestJson, signInBrowser, socketConnected } from '../../oidc/app-browser.ts';
import { testClient } from '../../oidc/hosted-deps.ts';
import type { TestProvider } from '../../oidc/test-provider.ts';
import { startTestProvider } from '../../oidc/test-provider.ts';

/*
 * Credits against a real hosted-mode server signed in through the test OpenID provider: a user
 * spends down to zero, is refused before any model call, gets 402 from a spending REST call, and
 * continues once an administrator grants credits; every `response` says what the ledger says.
 */

type Response = Message & { credits_remaining?: number };
interface Received {
  event: string;
  payload: unknown;
}

const sockets: ClientSocket[] = [];
let provider: TestProvider;
let running: RunningApp;
let sqlite: { filename: string; remove: () => Promise<void> };
let modelCalls = 0;

beforeAll(async () => {
  provider = await startTestProvider({ clients: [testClient] });
  sqlite = await chinookSqliteCopy();
  const model = scriptedModel([]);
  const play = model.doStream.bind(model);
  model.doStream = (options) => {
    modelCalls += 1;
    return play(options);
  };
  // The scripted model reports 10 input and 5 output tokens a call: 10 + 10 = 20 credits here.
  running = await startTestApp(
    hostedEnv(provider.issuer, {
      SIGNUP_CREDITS: '50',
      CREDIT_MODEL_PRICES: `${model.modelId}=1000/2000`,
      CREDIT_TURN_HOLD: '30',
      CREDIT_MIN_PER_TURN: '1',
      CREDIT_PRICE_PER_QUERY: '5',
    }),
    { languageModel: model },
  );
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await running.stop();
  await provider.stop();
  await sqlite.remove();
});

async function creditsOf(browser: AppBrowser): Promise<number> {
  return (await requestJson<{ credits_remaining: number }>(browser, '/api/user/credits')).body
    .credits_remaining;
}

/** A socket that keeps what it hears, and waits for the next event of a kind. */
async function listen(browser: AppBrowser) {
  const socket = browser.socket();
  sockets.push(socket);
  const received: Received[] = [];
  for (const event of ['response', 'status', 'error'] as const) {
    socket.on(event, (payload: unknown) => received.push({ event, payload }));
  }
  await socketConnected(socket);
  const next = async (event: string, accept: (payload: never) => boolean, from: number) => {
    for (let waited = 0; waited < 10_000; waited += 20) {
      const found = received
        .slice(from)
        .find((entry) => entry.event === event && accept(entry.payload as never));
      if (found) return found.payload;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${event}; heard ${JSON.stringify(received).slice(0, 2000)}`);
  };
  return { socket, received, next };
}

describe('credits in hosted mode', () => {
  it('spend down to zero, refuse before the model, answer 402, and resume after a grant', async () => {
    const admin = await signInBrowser(running.baseUrl, 'alice'); // the first to sign in becomes an administrator
    const user = await signInBrowser(running.baseUrl, 'bob');
    expect(await creditsOf(user)).toBe(50);

    // The administrator connects the team's database; members of the organisation use it.
    const database = await requestJson<{ id: string }>(admin, '/api/databases', {
      method: 'POST',
      body: { name: 'Chinook', engine: 'sqlite', details: { filename: sqlite.filename } },
    });
    expect(database.status).toBe(201);
    const contextId = `database-${database.body.id}`;
    const conversation = await requestJson<{ id: string }>(user, '/api/conversations', {
      method: 'POST',
      body: { contextId },
    });
    const conversationId = conversation.body.id;

    // A priced SQL run of the user's own costs CREDIT_PRICE_PER_QUERY.
    const run = await requestJson(user, '/api/query/_run', {
      method: 'POST',
      body: { query: 'select count(*) from Artist', databaseId: database.body.id },
    });
    expect(run.status).toBe(200);
    expect(await creditsOf(user)).toBe(45);

    const chat = await listen(user);
    const ask = async (text: string) => {
      const from = chat.received.length;
      chat.socket.emit('ask', conversationId, text);
      await chat.next('status', (status: { status: string }) => status.status !== 'running', from);
      return chat.received.slice(from);
    };

    // 45 → 25 → 5 → 0: the third turn costs 20 but only 5 are left, and it is charged 5, not more.
    for (const [question, left, charged] of [
      ['How many artists?', 25, 20],
      ['And albums?', 5, 20],
      ['And tracks?', 0, 5],
    ] as const) {
      const heard = await ask(question);
      const responses = heard
        .filter((entry) => entry.event === 'response')
        .map((entry) => entry.payload as Response);
      expect(responses.length).toBeGreaterThan(1);
      for (const response of responses) expect(typeof response.credits_remaining).toBe('number');
      const last = responses.at(-1) as Response;
      expect(last.role).toBe('user');
      expect(last.usage).toEqual({ inputTokens: 10, outputTokens: 5, credits: charged });
      expect(last.credits_remaining).toBe(left);
      expect(await creditsOf(user)).toBe(left);
    }
    const bobId = (await requestJson<{ id: string }>(user, '/api/user')).body.id;
    expect(await sumBalance(running.built.store.db, { userId: bobId, organizationId: null })).toBe(0);

    // Nothing left: refused before any model call, status back to clear, nothing stored.
    const callsBefore = modelCalls;
    const stored = (await requestJson<{ messages: Message[] }>(user, `/api/conversations/${conversationId}`))
      .body.messages;
    // The refusal is a status then an error: wait for the error, which may come after the status.
    const refusedFrom = chat.received.length;
    chat.socket.emit('ask', conversationId, 'And genres?');
    await chat.next('error', () => true, refusedFrom);
    const refused = chat.received.slice(refusedFrom);
    expect(refused.map((entry) => entry.event)).toEqual(['status', 'error']);
    expect(refused[0]?.payload).toEqual({ conversation_id: conversationId, status: 'clear', error: null });
    expect(refused[1]?.payload).toMatchObject({ message: 'SUBSCRIPTION_REQUIRED', conversationId });
    const firstQuestion = stored.find((message) => message.role === 'user') as Message;
    const from = chat.received.length;
    chat.socket.emit('regenerateFromMessage', conversationId, firstQuestion.id);
    expect(await chat.next('error', () => true, from)).toMatchObject({
      message: 'SUBSCRIPTION_REQUIRED',
      conversationId,
    });
    expect(modelCalls).toBe(callsBefore);
    const after = (await requestJson<{ messages: Message[] }>(user, `/api/conversations/${conversationId}`))
      .body.messages;
    expect(after.map((message) => message.id)).toEqual(stored.map((message) => message.id));

    // A spending REST call: 402 in the one error shape.
    const broke = await requestJson<{ error: { code: string; message: string } }>(user, '/api/query/_run', {
      method: 'POST',
      body: { query: 'select 1', databaseId: database.body.id },
    });
    expect(broke.status).toBe(402);
    expect(broke.body.error.code).toBe('PAYMENT_REQUIRED');

    // Only an administrator grants credits, and must say why.
    const grant = { user_id: bobId, amount: 40, reason: 'Pilot extension' };
    expect((await requestJson(user, '/api/credits/grants', { method: 'POST', body: grant })).status).toBe(
      403,
    );
    const noReason = await requestJson<{ error: { field?: string } }>(admin, '/api/credits/grants', {
      method: 'POST',
      body: { ...grant, reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.field).toBe('reason');
    const granted = await requestJson<{ credits_remaining: number }>(admin, '/api/credits/grants', {
      method: 'POST',
      body: grant,
    });
    expect([granted.status, granted.body]).toEqual([200, { credits_remaining: 40 }]);

    const resumed = await ask('And genres?');
    const lastResponse = resumed.filter((entry) => entry.event === 'response').at(-1)?.payload as Response;
    expect(lastResponse.credits_remaining).toBe(20);
    expect(await creditsOf(user)).toBe(20);

    const history = await requestJson<{
      entries: { kind: string; amount: number; reason: string }[];
      usage_by_day: { day: string; credits: number }[];
    }>(user, '/api/user/credits/history');
    expect(history.body.entries.map((entry) => entry.amount).reduce((sum, value) => sum + value, 0)).toBe(20);
    const today = new Date().toISOString().slice(0, 10);
    expect(history.body.usage_by_day).toEqual([{ day: today, credits: 5 + 20 + 20 + 5 + 20 }]);
    expect(history.body.entries).toContainEqual(
      expect.objectContaining({ kind: 'grant', amount: 40, reason: 'Pilot extension' }),
    );

    // Administrators see use per user (and organisation), and can take it as CSV; others cannot.
    expect((await user.request('/api/credits/usage')).status).toBe(403);
    const usage = await requestJson<{
      users: { id: string; credits_spent: number; credits_added: number }[];
    }>(admin, '/api/credits/usage?days=7');
    expect(usage.body.users.find((row) => row.id === bobId)).toMatchObject({
      credits_spent: 70,
      credits_added: 90,
    });
    const csv = await admin.request('/api/credits/usage.csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('kind,id,name,credits_spent,credits_added,since');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^user,${bobId},bob@example.com,70,90,`)));
    expect((await user.request('/api/credits/usage.csv')).status).toBe(403);

    // The organisation's pool: once it has credits, its members draw on it within their cap.
    const organizationId = (await requestJson<{ organization_id: string }>(user, '/api/user')).body
      .organization_id;
    const pooled = await requestJson(admin, '/api/credits/grants', {
      method: 'POST',
      body: { organization_id: organizationId, amount: 1000, reason: 'Team pool' },
    });
    expect(pooled.status).toBe(200);
    const cap = { user_id: bobId, monthly_cap: 30 };
    expect((await requestJson(user, '/api/credits/member-caps', { method: 'PUT', body: cap })).status).toBe(
      403,
    );
    expect((await admin.request('/api/credits/member-caps', { method: 'PUT', body: cap })).status).toBe(204);
    expect(await creditsOf(user)).toBe(30);
    const pooledTurn = await ask('And playlists?');
    expect(
      (pooledTurn.filter((entry) => entry.event === 'response').at(-1)?.payload as Response)
        .credits_remaining,
    ).toBe(10);
    expect(await creditsOf(user)).toBe(10);

    // Credits given to a pooled member's own balance would never be spent: refused, saying why.
    const stranded = await requestJson<{ error: { code: string; message: string; field?: string } }>(
      admin,
      '/api/credits/grants',
      { method: 'POST', body: { email: 'bob@example.com', amount: 10, reason: 'More' } },
    );
    expect(stranded.status).toBe(409);
    expect(stranded.body.error).toMatchObject({ code: 'CONFLICT', field: 'email' });
    expect(stranded.body.error.message).toContain('draws on the credit pool of Wonderland');
    expect(await creditsOf(user)).toBe(10);
  });

  it('SQL typed in the chat is charged on its own turn, which shows it; a refused statement costs nothing', async () => {
    const admin = await signInBrowser(running.baseUrl, 'alice');
    const before = await creditsOf(admin);
    // /subscribe tells what a query costs.
    expect(
      (await requestJson<{ price_per_query: number }>(admin, '/api/credits/plans')).body.price_per_query,
    ).toBe(5);
    const database = await requestJson<{ id: string }>(admin, '/api/databases', {
      method: 'POST',
      body: {
        name: 'Chinook, read-only',
        engine: 'sqlite',
        details: { filename: sqlite.filename },
        safe_mode: true,
      },
    });
    const conversation = await requestJson<{ id: string }>(admin, '/api/conversations', {
      method: 'POST',
      body: { contextId: `database-${database.body.id}` },
    });
    const conversationId = conversation.body.id;
    const chat = await listen(admin);
    const query = async (sql: string) => {
      const from = chat.received.length;
      chat.socket.emit('query', conversationId, sql);
      await chat.next('status', (status: { status: string }) => status.status !== 'running', from);
      const responses = chat.received.slice(from).filter((entry) => entry.event === 'response');
      return responses.map((entry) => entry.payload as Response).filter((message) => message.role === 'user');
    };

    const ran = (await query('select count(*) from Artist')).at(-1);
    expect(ran?.usage).toEqual({ inputTokens: 0, outputTokens: 0, credits: 5 });
    expect(ran?.credits_remaining).toBe(before - 5);
    expect(await creditsOf(admin)).toBe(before - 5);

    const refused = (await query('delete from Artist')).at(-1);
    expect(refused?.usage).toEqual({ inputTokens: 0, outputTokens: 0, credits: 0 });
    expect(await creditsOf(admin)).toBe(before - 5);

    const history = await requestJson<{ entries: { amount: number; reason: string }[] }>(
      admin,
      '/api/user/credits/history',
    );
    expect(history.body.entries.filter((entry) => entry.reason.startsWith('SQL run'))).toEqual([
      expect.objectContaining({ amount: -5, reason: 'SQL run (chat)' }),
    ]);
  });
});
