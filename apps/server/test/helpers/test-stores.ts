import path from 'node:path';
import type { Store } from '../../src/store/connect.ts';
import { createStore } from '../../src/store/connect.ts';
import { TEST_POSTGRES_URL } from './services.ts';
import { makeTempDir } from './temp-dir.ts';
import { uniqueSuffix } from './unique-suffix.ts';
import { runAdminStatement } from './postgres-admin.ts';

export interface TestStore {
  store: Store;
  /** Variables that configure an app for this store (DATABASE_URL); empty for SQLite, set by path instead. */
  env: Record<string, string>;
  /** Closes the store and deletes its file or database. */
  dispose(): Promise<void>;
}

export function openSqliteTestStore(): TestStore {
  const temp = makeTempDir();
  const store = createStore({ kind: 'sqlite', file: path.join(temp.dir, 'querent.sqlite') });
  return {
    store,
    env: {},
    async dispose() {
      await store.destroy();
      temp.remove();
    },
  };
}

/** A fresh database per suite, so runs never see each other's rows. */
export async function openPostgresTestStore(): Promise<TestStore> {
  const name = `querent_test_${uniqueSuffix()}`;
  await runAdminStatement({ connectionString: TEST_POSTGRES_URL }, `create database ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const store = createStore({ kind: 'postgres', url: url.toString() });
  return {
    store,
    env: { DATABASE_URL: url.toString() },
    async dispose() {
      await store.destroy();
      await runAdminStatement(
        { connectionString: TEST_POSTGRES_URL },
        `drop database if exists ${name} with (force)`,
      );
    },
  };
}
