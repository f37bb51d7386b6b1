import type { ConversationSummary, Message, StatusEvent } from '@querent/contracts';
import { USER_SQL_FUNCTION } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionDetails } from '../../../src/connectors/index.ts';
import { mysqlScratch, postgresScratch, type ScratchDatabase } from '../../connectors/scratch-databases.ts';
import { download } from '../../helpers/exports-download.ts';
import { chinookPostgres } from '../../fixtures/chinook.ts';
import { type ApiClient, apiClient } from '../../helpers/api-client.ts';
import { type ChatClient, connectChat } from '../../helpers/chat-client.ts';
import { lastToolResult, type ScriptEntry, scriptFedModel } from '../../helpers/scripted-model.ts';
import { type RunningApp, startTestApp } from '../../helpers/test-app.ts';

/*
 * Safe mode keeps the database server's files closed on every path SQL takes to a user's
 * database: the query API, exports, saved queries and their results, SQL typed in the chat and
 * the analyst's tool; on PostgreSQL and MariaDB, signed in as a superuser and as a reader.
 */

const refusedRun =
  /^Safe mode is on: this database is read-only, so the statement was not run \(it can reach files of the database server: (pg_read_file|pg_ls_dir|load_file)\(\)\)\.$/;
const refusedAgent =
  /^Safe mode is on for this database: it is read-only, so this statement was not run \(it can reach files of the database server: (pg_read_file|pg_ls_dir|load_file)\(\)\)\.$/;

const statements = {
  postgres: ["SELECT pg_read_file('PG_VERSION') AS body", `SELECT * FROM pg_catalog."pg_ls_dir"('.')`],
  mysql: ["SELECT LOAD_FILE('/etc/hostname') AS body", "SELECT `load_file`('/etc/passwd') AS body"],
};

interface Target {
  label: string;
  engine: 'postgres' | 'mysql';
  id: string;
}

let running: RunningApp;
let api: ApiClient;
let chat: ChatClient;
let script: ScriptEntry[] = [];
const scratches: ScratchDatabase[] = [];
const targets: Target[] = [];

async function register(label: string, engine: Target['engine'], details: ConnectionDetails): Promise<void> {
  const created = await api.post<{ id: string; safe_mode: boolean }>('/api/databases', {
    name: label,
    engine,
    details,
    safe_mode: true,
  });
  expect(created.status, created.text).toBe(201);
  expect(created.body.safe_mode).toBe(true);
  targets.push({ label, engine, id: created.body.id });
}

const errorMessage = (body: unknown): string =>
  (body as { error?: { message?: string } }).error?.message ?? JSON.stringify(body);

describe('safe mode keeps server files closed on every path', () => {
  beforeAll(async () => {
    const model = scriptFedModel(() => script.shift());
    running = await startTestApp({}, { languageModel: model });
    api = apiClient(running.baseUrl);
    chat = await connectChat(running.baseUrl);
    if (await chinookPostgres()) {
      const scratch = await postgresScratch();
      if (scratch?.leastPrivilege) {
        scratches.push(scratch);
        await register('PostgreSQL superuser', 'postgres', scratch.details);
        await register('PostgreSQL reader', 'postgres', await scratch.leastPrivilege());
      }
    }
    const maria = await mysqlScratch();
    if (maria?.leastPrivilege) {
      scratches.push(maria);
      await register('MariaDB root', 'mysql', maria.details);
      await register('MariaDB reader', 'mysql', await maria.leastPrivilege());
    }
  });

  afterAll(async () => {
    chat.close();
    await running.stop();
    for (const scratch of scratches) await scratch.dispose();
  });

  const each = (visit: (target: Target, sql: string) => Promise<void>) => async () => {
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      for (const sql of statements[target.engine]) await visit(target, sql);
    }
  };

  it(
    'the query API refuses them',
    each(async (target, sql) => {
      const response = await api.post('/api/query/_run', { query: sql, databaseId: target.id });
      expect(response.status, `${target.label}: ${sql}`).toBe(400);
      expect(errorMessage(response.body), `${target.label}: ${sql}`).toMatch(refusedRun);
    }),
  );

  it(
    'exports refuse them, as CSV and as XLSX, before any byte',
    each(async (target, sql) => {
      for (const format of ['csv', 'xlsx']) {
        const file = await download(running.baseUrl, 'POST', '/api/query/_export', {
          query: sql,
          databaseId: target.id,
          format,
        });
        expect(file.status, `${target.label}: ${sql} as ${format}`).toBe(400);
        expect(errorMessage(JSON.parse(file.body.toString()))).toMatch(refusedRun);
      }
    }),
  );

  it(
    'a saved query refuses them when run, when its results are asked for and when exported',
    each(async (target, sql) => {
      const saved = await api.post<{ id: string }>('/api/query', {
        title: `Server file on ${target.label}`,
        sql,
        databaseId: target.id,
      });
      expect(saved.status, saved.text).toBe(201);
      const ran = await api.post(`/api/query/${saved.body.id}/run`, {});
      expect(ran.status, `${target.label}: ${sql}`).toBe(400);
      expect(errorMessage(ran.body)).toMatch(refusedRun);
      const results = await api.get<{ rows: unknown[] | null; error?: string | null }>(
        `/api/query/${saved.body.id}/results`,
      );
      expect(results.status === 400 ? errorMessage(results.body) : results.body.error).toMatch(refusedRun);
      if (results.status !== 400) expect(results.body.rows ?? []).toEqual([]);
      const file = await download(running.baseUrl, 'GET', `/api/query/${saved.body.id}/export?format=csv`);
      expect(file.status).toBe(400);
      expect(errorMessage(JSON.parse(file.body.toString()))).toMatch(refusedRun);
    }),
  );

  it(
    'SQL typed in the chat is answered with the refusal and no rows',
    each(async (target, sql) => {
      const conversation = await api.post<ConversationSummary>('/api/conversations', {
        contextId: `database-${target.id}`,
      });
      const id = conversation.body.id;
      chat.socket.emit('query', id, sql);
      await chat.waitFor<StatusEvent>(
        'status',
        (event) => event.conversation_id === id && event.status === 'clear',
      );
      const stored = await api.get<{ messages: Message[] }>(`/api/conversations/${id}`);
      const answer = stored.body.messages.find(
        (message) => message.role === 'function' && message.functionCall?.name === USER_SQL_FUNCTION,
      );
      expect(answer?.query, `${target.label}: ${sql}`).toMatchObject({ rows: null });
      expect(answer?.query?.error).toMatch(refusedRun);
    }),
  );

  it(
    "the analyst's tool is told it was refused, and nothing waits for confirmation",
    each(async (target, sql) => {
      let told: unknown = null;
      script = [
        { calls: [{ name: 'run_sql', input: { query: sql } }] },
        (options) => {
          told = lastToolResult(options)?.output;
          return { text: 'Safe mode keeps that file closed.' };
        },
      ];
      const conversation = await api.post<ConversationSummary>('/api/conversations', {
        contextId: `database-${target.id}`,
      });
      const id = conversation.body.id;
      chat.socket.emit('ask', id, 'What is in the server files?');
      await chat.waitFor<StatusEvent>(
        'status',
        (event) => event.conversation_id === id && event.status === 'clear',
      );
      expect(told, `${target.label}: ${sql}`).toMatchObject({
        error: expect.stringMatching(refusedAgent) as unknown,
      });
      const stored = await api.get<{ messages: Message[] }>(`/api/conversations/${id}`);
      expect(stored.body.messages.some((message) => message.query?.rows?.length)).toBe(false);
    }),
  );
});
