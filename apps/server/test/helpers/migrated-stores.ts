import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/store/migrate.ts';
import { checkPostgres, serviceGate } from './services.ts';
import type { TestStore } from './test-stores.ts';
import { openPostgresTestStore, openSqliteTestStore } from './test-stores.ts';

export interface MigratedStoreCase {
  name: string;
  run: boolean;
  /** A fresh store at the latest schema. */
  open: () => Promise<TestStore>;
}

async function migrated(store: TestStore): Promise<TestStore> {
  await migrateToLatest(store.store);
  return store;
}

/**
 * The stores a use-case suite runs on, opened directly (no app): SQLite always, PostgreSQL when
 * reachable (skipped locally with a notice, a failure under CI=true).
 */
export async function migratedStores(suite: string): Promise<MigratedStoreCase[]> {
  const gate = serviceGate(`${suite} on a PostgreSQL store`, await checkPostgres());
  if (gate.failInCi) {
    describe(`${suite} on a PostgreSQL store`, () => {
      it('needs a reachable PostgreSQL under CI=true', () => {
        expect.fail('PostgreSQL is unreachable and CI=true: this suite cannot be skipped in CI');
      });
    });
  }
  return [
    { name: 'SQLite store', run: true, open: () => migrated(openSqliteTestStore()) },
    { name: 'PostgreSQL store', run: gate.run, open: async () => migrated(await openPostgresTestStore()) },
  ];
}
