import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/connect.ts';
import { checkPostgres, serviceGate } from './services.ts';
import { openPostgresTestStore } from './test-stores.ts';

export interface AppStore {
  /** Variables for startTestApp so the app's own configuration names this store. */
  env: Record<string, string>;
  /** A store to share with the app, or undefined for the app to open SQLite in its DATA_DIR. */
  store: Store | undefined;
  dispose(): Promise<void>;
}

export interface StoreDialectCase {
  name: string;
  run: boolean;
  open: () => Promise<AppStore>;
}

const sqliteStore: StoreDialectCase = {
  name: 'SQLite store',
  run: true,
  open: () => Promise.resolve({ env: {}, store: undefined, dispose: () => Promise.resolve() }),
};

/** PostgreSQL as a store when reachable (skipped locally with a notice, a failure under CI=true). */
async function postgresStore(suite: string): Promise<StoreDialectCase> {
  const gate = serviceGate(`${suite} on a PostgreSQL store`, await checkPostgres());
  if (gate.failInCi) {
    describe(`${suite} on a PostgreSQL store`, () => {
      it('needs a reachable PostgreSQL under CI=true', () => {
        expect.fail('PostgreSQL is unreachable and CI=true: this suite cannot be skipped in CI');
      });
    });
  }
  return {
    name: 'PostgreSQL store',
    run: gate.run,
    open: async () => {
      const testStore = await openPostgresTestStore();
      return { env: testStore.env, store: testStore.store, dispose: () => testStore.dispose() };
    },
  };
}

/** The metadata stores an API suite runs on: SQLite always, PostgreSQL when reachable. */
export async function storeDialects(suite: string): Promise<StoreDialectCase[]> {
  return [sqliteStore, await postgresStore(suite)];
}

/**
 * One store, for a suite long enough that each store gets a file of its own (files run in
 * parallel, the stores of one file one after the other).
 */
export async function storeDialect(suite: string, store: 'sqlite' | 'postgres'): Promise<StoreDialectCase> {
  return store === 'sqlite' ? sqliteStore : await postgresStore(suite);
}
