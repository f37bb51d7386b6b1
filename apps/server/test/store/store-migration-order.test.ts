import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../../src/store/migrate.ts';
import { newId } from '../../src/store/values.ts';
import { checkPostgres, serviceGate } from '../helpers/services.ts';
import { storeColumns } from '../helpers/store-snapshot.ts';
import { openPostgresTestStore, openSqliteTestStore } from '../helpers/test-stores.ts';

/*
 * Migration numbers are handed out to work done side by side: a store that a release without
 * 0012 already took past 0014 still gets 0012 when it arrives, and loses nothing. The latest
 * migration also goes down cleanly, for an operator rolling a release back.
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

    it('take 0016 down (with what came after it) and up again: turn_statements and databases.credential_warning leave and return, rows stay', async () => {
      const fresh = await dialect.open();
      try {
        const { db } = fresh.store;
        await migrateToLatest(fresh.store);
        const user = newId();
        await db.insertInto('users').values({ id: user, role: 'member' }).execute();
        const migrator = new Migrator({
          db,
          provider: { getMigrations: () => Promise.resolve(migrations(fresh.store.dialect)) },
          allowUnorderedMigrations: true,
        });
        // Down to the migration before 0016, through whatever came after it.
        const down = await migrator.migrateTo('0015-memory-review');
        expect(down.error).toBeUndefined();
        expect(
          down.results?.map((entry) => [entry.migrationName, entry.direction, entry.status]),
        ).toContainEqual(['0016-turn-statements-and-credential-warnings', 'Down', 'Success']);
        const without = await storeColumns(fresh.store);
        expect(without.has('turn_statements')).toBe(false);
        expect(without.get('databases')).not.toContain('credential_warning');

        expect((await migrateToLatest(fresh.store)).results?.map((entry) => entry.migrationName)).toContain(
          '0016-turn-statements-and-credential-warnings',
        );
        const back = await storeColumns(fresh.store);
        expect(back.get('turn_statements')).toEqual([
          'conversation_id',
          'database_id',
          'id',
          'server_session',
          'started_at',
        ]);
        expect(back.get('databases')).toContain('credential_warning');
        expect(await db.selectFrom('users').select('id').execute()).toEqual([{ id: user }]);
      } finally {
        await fresh.dispose();
      }
    });
  });
}
