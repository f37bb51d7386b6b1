import type { Database, Memories, Memory, StatusEvent } from '@querent/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rankMemories } from '../../../src/agent/memory-relevance.ts';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import { newId } from '../../../src/store/values.ts';
import { chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError } from '../../helpers/api-client.ts';
import type { ChatClient } from '../../helpers/chat-client.ts';
import { connectChat } from '../../helpers/chat-client.ts';
import { startConversation } from '../../helpers/factories.ts';
import { instructionsOf } from '../../helpers/scripted-chat.ts';
import type { ScriptEntry } from '../../helpers/scripted-model.ts';
import { scriptFedModel } from '../../helpers/scripted-model.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/**
 * A database's memory over real HTTP: a person reads, adds, edits, approves and deletes facts;
 * who may do what follows the database's access; the analyst (a scripted model) sees approved
 * facts only, the ones that bear on the question first.
 */
let running: RunningApp;
let api: ApiClient;
let chinook: { filename: string; remove: () => Promise<void> };
let owned: Database;
let shared: Database;
let script: ScriptEntry[] = [];
const outsider = newId();
const clients: ChatClient[] = [];

beforeAll(async () => {
  chinook = await chinookSqliteCopy();
  const model = scriptFedModel(() => script.shift());
  running = await startTestApp({}, { languageModel: model, beforeListen: actAsHeaderUser });
  api = apiClient(running.baseUrl);
  await insertUser(running.built.store.db, { id: outsider, role: 'member' });
  const details = { filename: chinook.filename };
  owned = (await api.post<Database>('/api/databases', { name: 'Mine', engine: 'sqlite', details })).body;
  shared = (
    await api.post<Database>('/api/databases', { name: 'Public', engine: 'sqlite', details, public: true })
  ).body;
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await running.stop();
  await chinook.remove();
});

async function instructionsFor(databaseId: string, question: string): Promise<string> {
  const conversationId = await startConversation(api, `database-${databaseId}`);
  let instructions = '';
  script = [
    (options) => {
      instructions = instructionsOf(options);
      return { text: 'ok' };
    },
  ];
  const client = await connectChat(running.baseUrl);
  clients.push(client);
  client.socket.emit('ask', conversationId, question);
  await client.waitFor<StatusEvent>(
    'status',
    (event) => event.conversation_id === conversationId && event.status !== 'running',
  );
  return instructions;
}

describe('the memory of a database', () => {
  it('is added by a person approved, edited, listed pending first, and deleted', async () => {
    const added = await api.post<Memory>(`/api/databases/${owned.id}/memories`, {
      content: '  Invoice.Total includes tax.  ',
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      databaseId: owned.id,
      content: 'Invoice.Total includes tax.',
      status: 'approved',
      source: 'person',
      conversationId: null,
    });
    // A fact the analyst saved, as save_memory stores it.
    const pendingId = newId();
    await running.built.store.db
      .insertInto('memories')
      .values({
        id: pendingId,
        database_id: owned.id,
        content: 'Customer.SupportRepId is an Employee.',
        status: 'pending',
        source: 'model',
        created_at: '2020-01-01T00:00:00.000Z',
        updated_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
    const listed = await api.get<Memories>(`/api/databases/${owned.id}/memories`);
    expect(listed.body.canChange).toBe(true);
    expect(listed.body.memories.map((memory) => [memory.status, memory.content])).toEqual([
      ['pending', 'Customer.SupportRepId is an Employee.'],
      ['approved', 'Invoice.Total includes tax.'],
    ]);

    const edited = await api.put<Memory>(`/api/memories/${added.body.id}`, {
      content: 'Invoice.Total includes sales tax.',
    });
    expect(edited.body).toMatchObject({ content: 'Invoice.Total includes sales tax.', status: 'approved' });
    const approved = await api.put<Memory>(`/api/memories/${pendingId}`, { status: 'approved' });
    expect(approved.body).toMatchObject({ status: 'approved', source: 'model' });

    expect((await api.del(`/api/memories/${pendingId}`)).status).toBe(204);
    expect((await api.del(`/api/memories/${added.body.id}`)).status).toBe(204);
    expect((await api.get<Memories>(`/api/databases/${owned.id}/memories`)).body.memories).toEqual([]);
    expectError(await api.del(`/api/memories/${pendingId}`), 404, { code: 'NOT_FOUND' });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    expectError(await api.post(`/api/databases/${owned.id}/memories`, { content: 'x' }), 400, {
      field: 'content',
    });
    expectError(await api.post(`/api/databases/${owned.id}/memories`, { content: 'y'.repeat(2001) }), 400, {
      field: 'content',
    });
    const added = await api.post<Memory>(`/api/databases/${owned.id}/memories`, { content: 'A valid fact.' });
    expectError(await api.put(`/api/memories/${added.body.id}`, { status: 'pending' }), 400, {
      field: 'status',
    });
    expectError(await api.put(`/api/memories/${added.body.id}`, {}), 400);
    await api.del(`/api/memories/${added.body.id}`);
  });

  it('is hidden from whoever may not see the database, and read-only to whoever may only use it', async () => {
    const mine = await api.post<Memory>(`/api/databases/${owned.id}/memories`, { content: 'Private fact.' });
    const open = await api.post<Memory>(`/api/databases/${shared.id}/memories`, { content: 'Public fact.' });
    const as = { user: outsider };
    expectError(await api.get(`/api/databases/${owned.id}/memories`, as), 404);
    expectError(await api.post(`/api/databases/${owned.id}/memories`, { content: 'Mine now.' }, as), 404);
    expectError(await api.put(`/api/memories/${mine.body.id}`, { content: 'Changed.' }, as), 404);
    expectError(await api.del(`/api/memories/${mine.body.id}`, as), 404);

    const publicList = await api.get<Memories>(`/api/databases/${shared.id}/memories`, as);
    expect(publicList.body).toMatchObject({ canChange: false, memories: [{ content: 'Public fact.' }] });
    expectError(await api.put(`/api/memories/${open.body.id}`, { status: 'approved' }, as), 403);
    expectError(await api.del(`/api/memories/${open.body.id}`, as), 403);
    expectError(
      await api.post(`/api/databases/${shared.id}/memories`, { content: 'Visitor fact.' }, as),
      403,
    );
    await api.del(`/api/memories/${mine.body.id}`);
    await api.del(`/api/memories/${open.body.id}`);
  });

  it('reaches the analyst when approved, the facts that bear on the question first', async () => {
    const facts = [
      'Track.Milliseconds is the length of a track; divide by 60000 for minutes.',
      'Employee.ReportsTo is the manager of an employee.',
      'Invoice.Total is in US dollars and includes sales tax.',
      'Genre names are in English.',
    ];
    for (const content of facts) await api.post(`/api/databases/${owned.id}/memories`, { content });
    await running.built.store.db
      .insertInto('memories')
      .values({
        id: newId(),
        database_id: owned.id,
        content: 'Unreviewed: revenue excludes tax.',
        status: 'pending',
      })
      .execute();

    const remembered = (instructions: string) =>
      instructions
        .slice(instructions.indexOf('What you remember'))
        .split('\n')
        .filter((line) => line.startsWith('- '));
    const aboutRevenue = remembered(
      await instructionsFor(owned.id, 'What is the total of the invoices in dollars?'),
    );
    expect(aboutRevenue[0]).toBe('- Invoice.Total is in US dollars and includes sales tax.');
    expect(aboutRevenue).toHaveLength(4);
    expect(aboutRevenue.join('\n')).not.toContain('Unreviewed');
    const aboutTracks = remembered(await instructionsFor(owned.id, 'How long are the tracks, in minutes?'));
    expect(aboutTracks[0]).toBe(
      '- Track.Milliseconds is the length of a track; divide by 60000 for minutes.',
    );
  });
});

describe('ranking facts by relevance', () => {
  const facts = [
    { content: 'Orders with status 3 are refunded.' },
    { content: 'Customer emails are lower case.' },
    { content: 'Revenue is order_lines.price times quantity, before discounts.' },
  ];

  it('puts the facts sharing the question’s rarer words first, and keeps the order otherwise', () => {
    expect(rankMemories(facts, 'What was the revenue last month?')[0]).toBe(facts[2]);
    expect(rankMemories(facts, 'How many refunded orders?')[0]).toBe(facts[0]);
    expect(rankMemories(facts, 'hello')).toEqual(facts);
    expect(rankMemories(facts, 'the of and')).toEqual(facts);
  });
});
