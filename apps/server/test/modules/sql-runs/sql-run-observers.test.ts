import http from 'node:http';
import type {
  Database,
  Message,
  QueryHistoryItem,
  SavedQuery,
  ServerUser,
  StatusEvent,
} from '@querent/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.ts';
import type { Actor } from '../../../src/modules/access/can.ts';
import { findDatabaseById } from '../../../src/modules/databases/databases.repo.ts';
import { runSql } from '../../../src/modules/sql-runs/run-sql.ts';
import type {
  SqlRunEnd,
  SqlRunObserver,
  SqlRunStart,
} from '../../../src/modules/sql-runs/sql-run-observer.ts';
import { download } from '../../helpers/exports-download.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient, expectError } from '../../helpers/api-client.ts';
import type { ChatClient } from '../../helpers/chat-client.ts';
import { connectChat } from '../../helpers/chat-client.ts';
import { startConversation } from '../../helpers/factories.ts';
import type { ScratchPostgres } from '../../helpers/scratch-postgres.ts';
import { openScratchPostgres } from '../../helpers/scratch-postgres.ts';
import type { ScriptEntry } from '../../helpers/scripted-model.ts';
import { lastToolResult, scriptFedModel } from '../../helpers/scripted-model.ts';
import { checkPostgres, serviceGate } from '../../helpers/services.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';

/*
 * The one hook of every SQL path: an observer given to the app hears of each run of the editor,
 * stored-query reruns, exports (COPY and streamed), the chat's SQL and the analyst's tools, with
 * who ran what, where, for how long, how many rows and how it ended; and it can refuse a run,
 * which then never reaches the database (checked on the database itself).
 */
const gate = serviceGate('SQL run observers on PostgreSQL', await checkPostgres());
if (gate.failInCi) {
  describe('SQL run observers on PostgreSQL', () => {
    it('needs a reachable PostgreSQL under CI=true', () => {
      expect.fail('PostgreSQL is unreachable and CI=true: this suite cannot be skipped in CI');
    });
  });
}

const refusal = 'No credits left for this run';
const starts: SqlRunStart[] = [];
const ends: SqlRunEnd[] = [];
let refuse: (run: SqlRunStart) => boolean = () => false;
let failAfterRun = false;

const observer: SqlRunObserver = {
  beforeRun(run) {
    starts.push(run);
    if (refuse(run)) throw new AppError('PAYMENT_REQUIRED', refusal);
  },
  async afterRun(run) {
    // Asynchronous, as a ledger write would be.
    await new Promise((resolve) => setTimeout(resolve, 1));
    ends.push(run);
    if (failAfterRun) throw new Error('The ledger is down');
  },
};

let scratch: ScratchPostgres;
let running: RunningApp;
let api: ApiClient;
let database: Database;
let me: ServerUser;
let script: ScriptEntry[] = [];
const clients: ChatClient[] = [];

const listSql = 'SELECT id, body FROM notes ORDER BY id';
const insertSql = "INSERT INTO notes (id, body) VALUES (9, 'refused')";

async function noteCount(): Promise<number> {
  const result = await scratch.client.query<{ n: number }>('SELECT count(*)::int AS n FROM notes');
  return result.rows[0]?.n ?? -1;
}

/** Statements of the scratch database sleeping right now. */
async function sleeping(): Promise<number> {
  const result = await scratch.client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'SELECT pg_sleep%' AND state = 'active'",
  );
  return result.rows[0]?.n ?? 0;
}

/** The `nth` end reported for runs matching `probe`, once it has been reported. */
async function endOf(probe: Partial<SqlRunEnd>, nth = 0): Promise<SqlRunEnd> {
  const matches = (end: SqlRunEnd) =>
    Object.entries(probe).every(([key, value]) => end[key as keyof SqlRunEnd] === value);
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = ends.filter(matches)[nth];
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`No run ended like ${JSON.stringify(probe)}: ${JSON.stringify(ends)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!gate.run)('SQL run observers on PostgreSQL', () => {
  beforeAll(async () => {
    scratch = await openScratchPostgres(
      "CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL); INSERT INTO notes VALUES (1, 'first'), (2, 'second');",
    );
    const model = scriptFedModel(() => script.shift());
    running = await startTestApp({}, { languageModel: model, sqlRunObservers: [observer] });
    api = apiClient(running.baseUrl);
    const created = await api.post<Database>('/api/databases', {
      name: 'Scratch',
      engine: 'postgres',
      details: scratch.details,
    });
    expect(created.status, created.text).toBe(201);
    database = created.body;
    me = (await api.get<ServerUser>('/api/user')).body;
  });

  beforeEach(() => {
    starts.length = 0;
    ends.length = 0;
    refuse = () => false;
    failAfterRun = false;
    script = [];
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  afterAll(async () => {
    await running.stop();
    await scratch.dispose();
  });

  async function conversation(): Promise<{ id: string; client: ChatClient }> {
    const id = await startConversation(api, `database-${database.id}`);
    const client = await connectChat(running.baseUrl);
    clients.push(client);
    return { id, client };
  }

  const turnEnded = (id: string) => (event: StatusEvent) =>
    event.conversation_id === id && (event.status === 'clear' || event.status === 'error');

  const exportSql = (format: 'csv' | 'xlsx', query = listSql) =>
    download(running.baseUrl, 'POST', '/api/query/_export', { query, databaseId: database.id, format });

  it('hears every path with its purpose, actor, database, duration, rows and outcome', async () => {
    const base = { actorId: me.id, databaseId: database.id };

    expect((await api.post('/api/query/_run', { databaseId: database.id, query: listSql })).status).toBe(200);
    expect(await endOf({ purpose: 'editor' })).toMatchObject({
      ...base,
      sql: listSql,
      readOnly: false,
      outcome: 'succeeded',
      rowCount: 2,
      error: null,
    });

    const failed = await api.post('/api/query/_run', {
      databaseId: database.id,
      query: 'SELECT nope FROM notes',
    });
    expect(failed.status).toBe(400);
    expect(await endOf({ purpose: 'editor', outcome: 'failed' })).toMatchObject({
      ...base,
      rowCount: null,
      error: expect.stringContaining('nope') as string,
    });

    const saved = await api.post<SavedQuery>('/api/query', {
      title: 'Notes',
      sql: listSql,
      databaseId: database.id,
    });
    expect(saved.status, saved.text).toBe(201);
    expect((await api.post(`/api/query/${saved.body.id}/run`, undefined)).status).toBe(200);
    expect(await endOf({ purpose: 'saved-query' })).toMatchObject({
      ...base,
      outcome: 'succeeded',
      rowCount: 2,
    });

    // CSV from PostgreSQL is its own COPY; XLSX streams rows: both are one export path.
    for (const [nth, format] of (['csv', 'xlsx'] as const).entries()) {
      const file = await exportSql(format);
      expect(file.status, file.body.toString()).toBe(200);
      expect(await endOf({ purpose: 'export' }, nth)).toMatchObject({
        ...base,
        outcome: 'succeeded',
        rowCount: 2,
      });
    }

    const chat = await conversation();
    chat.client.socket.emit('query', chat.id, 'SELECT body FROM notes WHERE id = 1');
    await chat.client.waitFor('status', turnEnded(chat.id));
    expect(await endOf({ purpose: 'chat' })).toMatchObject({
      ...base,
      readOnly: false,
      outcome: 'succeeded',
      rowCount: 1,
    });

    script = [{ calls: [{ name: 'run_sql', input: { query: listSql } }] }, { text: 'Two notes.' }];
    const agent = await conversation();
    agent.client.socket.emit('ask', agent.id, 'How many notes?');
    await agent.client.waitFor('status', turnEnded(agent.id));
    // The analyst's reads run read-only even without safe mode.
    expect(await endOf({ purpose: 'agent' })).toMatchObject({
      ...base,
      readOnly: true,
      outcome: 'succeeded',
      rowCount: 2,
    });

    // Every announced run was reported once, and took a measured time.
    expect(ends).toHaveLength(starts.length);
    for (const end of ends) expect(end.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses a run before it reaches the database, on every path', async () => {
    refuse = () => true;
    const historyBefore = (await api.get<QueryHistoryItem[]>(`/api/query-history?databaseId=${database.id}`))
      .body;

    expectError(await api.post('/api/query/_run', { databaseId: database.id, query: insertSql }), 402, {
      code: 'PAYMENT_REQUIRED',
      message: refusal,
    });
    expect(await noteCount()).toBe(2);
    // A refused run never ran: it is not in the history either.
    const historyAfter = (await api.get<QueryHistoryItem[]>(`/api/query-history?databaseId=${database.id}`))
      .body;
    expect(historyAfter).toEqual(historyBefore);
    expect(await endOf({ purpose: 'editor' })).toMatchObject({
      outcome: 'refused',
      error: refusal,
      rowCount: null,
    });

    const file = await exportSql('csv');
    expect(file.status).toBe(402);
    expect(JSON.parse(file.body.toString())).toMatchObject({
      error: { code: 'PAYMENT_REQUIRED', message: refusal },
    });
    expect(await endOf({ purpose: 'export' })).toMatchObject({ outcome: 'refused' });

    const chat = await conversation();
    chat.client.socket.emit('query', chat.id, insertSql);
    const status = await chat.client.waitFor<StatusEvent>('status', turnEnded(chat.id));
    expect(status).toMatchObject({ status: 'error', error: refusal });
    expect(await noteCount()).toBe(2);
    const chatMessages = await api.get<{ messages: Message[] }>(`/api/conversations/${chat.id}`);
    expect(chatMessages.body.messages.some((message) => message.queryId)).toBe(false);

    let told: unknown = null;
    script = [
      { calls: [{ name: 'run_sql', input: { query: listSql } }] },
      (options) => {
        told = lastToolResult(options)?.output;
        return { text: 'I could not run it.' };
      },
    ];
    const agent = await conversation();
    agent.client.socket.emit('ask', agent.id, 'List the notes');
    await agent.client.waitFor('status', turnEnded(agent.id));
    // The analyst hears why, as it hears any expected failure, and no query was recorded.
    expect(told).toEqual({ error: refusal });
    const stored = await api.get<{ messages: Message[] }>(`/api/conversations/${agent.id}`);
    expect(stored.body.messages.some((message) => message.queryId)).toBe(false);

    expect(starts.map((start) => start.purpose)).toEqual(['editor', 'export', 'chat', 'agent']);
    expect(ends.map((end) => end.outcome)).toEqual(['refused', 'refused', 'refused', 'refused']);
  });

  it('reports a run whose client went away as cancelled', async () => {
    const sleepSql = 'SELECT pg_sleep(20) AS slept';
    for (const path of ['/api/query/_run', '/api/query/_export'] as const) {
      // A connection of its own, destroyed: the client is gone for sure.
      const request = http.request(`${running.baseUrl}${path}`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json' },
      });
      request.on('error', () => undefined);
      request.end(JSON.stringify({ databaseId: database.id, query: sleepSql, format: 'csv' }));
      await waitUntil(async () => (await sleeping()) > 0, 'the statement sleeping');
      request.destroy();
      const purpose = path === '/api/query/_run' ? 'editor' : 'export';
      expect(await endOf({ purpose })).toMatchObject({ outcome: 'cancelled', rowCount: null });
      await waitUntil(async () => (await sleeping()) === 0, 'the statement gone');
    }
  });

  it('lets the runs it does not refuse go ahead', async () => {
    refuse = (run) => run.purpose === 'export';
    expect((await exportSql('csv')).status).toBe(402);
    const run = await api.post('/api/query/_run', { databaseId: database.id, query: insertSql });
    expect(run.status, run.text).toBe(200);
    expect(await noteCount()).toBe(3);
    expect(await endOf({ purpose: 'editor' })).toMatchObject({ outcome: 'succeeded', rowCount: 0 });
  });

  it('keeps the answer of a run whose observer fails afterwards', async () => {
    failAfterRun = true;
    const run = await api.post<{ queryId: string; rows: unknown[][] }>('/api/query/_run', {
      databaseId: database.id,
      query: listSql,
    });
    expect(run.status, run.text).toBe(200);
    expect(run.body.rows).toHaveLength(await noteCount());
    const history = await api.get<QueryHistoryItem[]>(`/api/query-history?databaseId=${database.id}`);
    expect(history.body[0]?.id).toBe(run.body.queryId);
    expect(await endOf({ purpose: 'editor' })).toMatchObject({ outcome: 'succeeded' });
  });

  it('asks the policy’s `run` for whoever the SQL runs for, and runs it read-only without `write_data`', async () => {
    const record = await findDatabaseById(running.built.store.db, database.id);
    if (!record) throw new Error('the database was not stored');
    const deps = {
      connections: running.built.databases.connections,
      rowCap: 100,
      defaultTimeoutMs: 5000,
      sqlRunObservers: [observer],
      log: running.built.app.log,
    };
    const before = await noteCount();
    // A row no other test writes, so only read-only can stop it.
    const sql = "INSERT INTO notes (id, body) VALUES (10, 'by a visitor')";
    const run = (actor: Actor, on: typeof record) =>
      runSql(deps, { purpose: 'editor', actor, database: on, sql }, { record: () => Promise.resolve('x') });
    // A visitor may not run SQL on a private database: refused as if it did not exist, before
    // any observer hears of it or the database is reached.
    const visitor: Actor = { id: 'visitor', role: 'anonymous', organizationId: null };
    await expect(run(visitor, record)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(starts).toEqual([]);
    // On a public database they may, read-only: the write fails in the database itself.
    const outcome = await run(visitor, { ...record, isPublic: true });
    expect(outcome.ok).toBe(false);
    expect(starts).toEqual([expect.objectContaining({ actorId: 'visitor', readOnly: true })]);
    expect(await noteCount()).toBe(before);
  });
});
