import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../src/store/migrate.ts';
import { newId } from '../src/store/values.ts';
import { checkPostgres, serviceGate } from './helpers/services.ts';
import { openPostgresTestStore, openSqliteTestStore } from './helpers/test-stores.ts';

/*
 * Migration numbers are handed out to work done side by side: a store that a release without
 * 0012 already took past 0014 still gets 0012 when it arrives, and loses nothing.
 */

const postgresGate = serviceGate('Migration order on a PostgreSQL store', await checkPostgres());
const dialects = [
  { name: 'SQLite', run: true, open: () => Promise.resolve(openSqliteTestStore()) },
  { name: 'PostgreSQL', run: postgresGate.run, open: openPostgresTestStore },
];

for (const dialect of dialects) {
  describe.skipIf(!dialect.run)(`migrations on a ${dialect.name} store`, () => {
    it('run a lower number that arrives after a higher one already ran', async () => {
      const fresh = await dialect.open();
      try {
        const { db } = fresh.store;
        const all = migrations(fresh.store.dialect);
        const { '0012-turn-instance': late, ...earlier } = all;
        expect(late).toBeDefined();
        const withoutLate = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(earlier) } });
        expect((await withoutLate.migrateToLatest()).error).toBeUndefined();
        const user = newId();
        await db.insertInto('users').values({ id: user, role: 'member' }).execute();

        const result = await migrateToLatest(fresh.store);
        expect(result.results?.map((entry) => [entry.migrationName, entry.status])).toEqual([
          ['0012-turn-instance', 'Success'],
        ]);
        expect(await db.selectFrom('users').select('id').execute()).toEqual([{ id: user }]);
        const conversations = await db.selectFrom('conversations').select('turn_instance').execute();
        expect(conversations).toEqual([]);
      } finally {
        await fresh.dispose();
      }
    });
  });
}
