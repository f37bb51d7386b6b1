import path from 'node:path';
import { DEMO_FILE_NAME } from '../../src/demo/ensure-demo-database.ts';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './api-client.ts';
import type { ChatClient } from './chat-client.ts';
import { connectChat } from './chat-client.ts';
import { addDatabase, addDemoDatabase } from './factories.ts';
import type { Truth } from './offline-chat.ts';
import { truthOf } from './offline-chat.ts';
import type { RunningApp } from './test-app.ts';
import { startTestApp } from './test-app.ts';

export interface OfflineApp {
  running: RunningApp;
  api: ApiClient;
  client: ChatClient;
  databaseId: string;
  /** The same SQLite file, read with the test's own SQL. */
  truth: Truth;
  stop(): Promise<void>;
}

/**
 * The app as a new user without a key meets it (the offline analyst), with one database to ask
 * about: the demo shop it creates on a first start, or a SQLite copy of Chinook connected by hand.
 */
export async function startOfflineApp(database: 'demo' | 'chinook'): Promise<OfflineApp> {
  const sqlite = database === 'chinook' ? await chinookSqliteCopy() : null;
  const running = await startTestApp();
  const api = apiClient(running.baseUrl);
  const databaseId = sqlite
    ? (await addDatabase(api, { name: 'Chinook', engine: 'sqlite', details: { filename: sqlite.filename } }))
        .id
    : await addDemoDatabase(running);
  const truth = truthOf(sqlite?.filename ?? path.join(running.config.dataDir, DEMO_FILE_NAME));
  const client = await connectChat(running.baseUrl);
  return {
    running,
    api,
    client,
    databaseId,
    truth,
    async stop() {
      client.close();
      truth.close();
      await running.stop();
      await sqlite?.remove();
    },
  };
}
