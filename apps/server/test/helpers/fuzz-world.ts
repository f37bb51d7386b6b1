import path from 'node:path';
import type { Database, RunQueryResult } from '@querent/contracts';
import Database3 from 'better-sqlite3';
import { expect } from 'vitest';
import { LOCAL_ADMIN_ID } from '../../src/auth/local-admin.ts';
import { ensureDemoDatabase } from '../../src/demo/ensure-demo-database.ts';
import { insertUser } from '../../src/modules/users/users.repo.ts';
import { newId } from '../../src/store/values.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient, TEST_USER_HEADER } from './api-client.ts';
import { scriptedModel } from './scripted-model.ts';
import { makeTempDir } from './temp-dir.ts';
import type { RunningApp } from './test-app.ts';
import { startTestApp } from './test-app.ts';

/** Ids of objects made to be fuzzed (and perhaps changed or deleted), by what they are. */
export interface ScratchIds {
  database: string;
  conversation: string;
  query: string;
  chart: string;
  project: string;
  memory: string;
  organization: string;
  user: string;
  dashboard: string;
}

/**
 * An app to fuzz: the demo database (which must come through untouched), scratch objects of every
 * kind the routes name, a model that answers at once, and the server's error log kept for reading.
 */
export interface FuzzWorld {
  running: RunningApp;
  api: ApiClient;
  demoId: string;
  scratch: ScratchIds;
  /** Log entries at level error or above: a bug the server noticed, even if it answered 4xx. */
  serverErrors(): string[];
  stop(): Promise<void>;
}

function expectCreated<T>(response: { status: number; text: string; body: T }): T {
  expect(response.status, response.text).toBeLessThan(300);
  return response.body;
}

async function seedScratch(api: ApiClient, running: RunningApp, dir: string): Promise<ScratchIds> {
  const filename = path.join(dir, 'scratch.sqlite');
  const file = new Database3(filename);
  file.exec("CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y');");
  file.close();
  const database = expectCreated(
    await api.post<{ id: string }>('/api/databases', {
      name: 'Scratch',
      engine: 'sqlite',
      details: { filename },
    }),
  ).id;
  const conversation = expectCreated(
    await api.post<{ id: string }>('/api/conversations', { contextId: `database-${database}` }),
  ).id;
  const query = expectCreated(
    await api.post<{ id: string }>('/api/query', {
      title: 'All of t',
      sql: 'SELECT a, b FROM t',
      databaseId: database,
    }),
  ).id;
  expectCreated(await api.post(`/api/query/${query}/run`, undefined));
  const chart = expectCreated(
    await api.post<{ id: string }>('/api/charts', {
      queryId: query,
      title: 'a by b',
      config: { type: 'bar', x: 'b', y: ['a'] },
    }),
  ).id;
  const project = expectCreated(
    await api.post<{ id: string }>('/api/projects', { name: 'Scratch project', databaseId: database }),
  ).id;
  const memory = expectCreated(
    await api.post<{ id: string }>(`/api/databases/${database}/memories`, { content: 'a is an id' }),
  ).id;
  const organization = expectCreated(
    await api.post<{ id: string }>('/api/organizations', { name: 'Scratch org' }),
  ).id;
  const user = newId();
  await insertUser(running.built.store.db, { id: user, email: 'scratch@example.com', role: 'member' });
  const dashboard = expectCreated(
    await api.post<{ id: string }>('/api/dashboards', { name: 'Scratch dashboard' }),
  ).id;
  expectCreated(await api.post(`/api/dashboards/${dashboard}/tiles`, { savedQueryId: query }));
  return { database, conversation, query, chart, project, memory, organization, user, dashboard };
}

export async function startFuzzWorld(): Promise<FuzzWorld> {
  const logged: string[] = [];
  const model = scriptedModel([]);
  model.doStream = (options) => scriptedModel([{ text: 'Fine.' }]).doStream(options);
  const running = await startTestApp(
    { LOG_LEVEL: 'error', LOG_FORMAT: 'json' },
    {
      testUserHeader: TEST_USER_HEADER,
      languageModel: model,
      logStream: { write: (line) => logged.push(line) },
    },
  );
  const scratchDir = makeTempDir('querent-fuzz-');
  try {
    const demo = await ensureDemoDatabase({
      db: running.built.store.db,
      secrets: running.built.databases.secrets,
      dataDir: running.config.dataDir,
      ownerId: LOCAL_ADMIN_ID,
    });
    if (!demo.created) throw new Error('The demo database was not created');
    const api = apiClient(running.baseUrl);
    const scratch = await seedScratch(api, running, scratchDir.dir);
    return {
      running,
      api,
      demoId: demo.databaseId,
      scratch,
      serverErrors: () => logged.filter((line) => Number(/"level":(\d+)/.exec(line)?.[1] ?? 0) >= 50),
      async stop() {
        await running.stop();
        scratchDir.remove();
      },
    };
  } catch (error) {
    await running.stop();
    scratchDir.remove();
    throw error;
  }
}

/** The demo still answers, unchanged, and the local administrator is still one. */
export async function expectNothingLost(world: FuzzWorld): Promise<void> {
  const databases = await world.api.get<Database[]>('/api/databases');
  expect(databases.status, databases.text).toBe(200);
  const demo = databases.body.find((database) => database.id === world.demoId);
  expect(demo).toMatchObject({ name: 'Demo shop', engine: 'sqlite', public: true, safe_mode: true });
  const count = await world.api.post<RunQueryResult>('/api/query/_run', {
    databaseId: world.demoId,
    query: 'SELECT count(*) AS n FROM orders',
  });
  expect(count.status, count.text).toBe(200);
  expect(count.body.rows).toEqual([[30000]]);
  const me = await world.api.get<{ id: string; role: string }>('/api/user');
  expect(me.body).toMatchObject({ id: LOCAL_ADMIN_ID, role: 'admin' });
}
