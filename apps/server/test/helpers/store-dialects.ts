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

/**
 * The metadata stores an API suite runs on: SQLite always, PostgreSQL when reachable (skipped
 * locally with a notice, a failure under CI=true).
 */
export async function storeDialects(suite: string): Promise<StoreDialectCase[]> {
  const gate = serviceGate(`${suite} on a PostgreSQL store`, await checkPostgres());
  if (gate.failInCi) {
    describe(`${suite} on a PostgreSQL store`, () => {
      it('needs a reachable PostgreSQL under CI=true', () => {
        expect.fail('PostgreSQL is unreachable and CI=true: this suite cannot be skipped in CI');
      });
    });
  }
  return [
    {
      name: 'SQLite store',
      run: true,
      open: () => Promise.resolve({ env: {}, store: undefined, dispose: () => Promise.resolve() }),
    },
    {
      name: 'PostgreSQL store',
      run: gate.run,
      open: async () => {
        const testStore = await openPostgresTestStore();
        return { env: testStore.env, store: testStore.store, dispose: () => testStore.dispose() };
      },
    },
  ];
}
