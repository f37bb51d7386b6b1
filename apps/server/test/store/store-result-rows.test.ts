import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/connect.ts';
import { migrations } from '../../src/store/migrate.ts';
import { newId, parseNullableJson, toJson } from '../../src/store/values.ts';
import { checkPostgres, serviceGate } from '../helpers/services.ts';
import { openPostgresTestStore, openSqliteTestStore } from '../helpers/test-stores.ts';

/*
 * Migration 0006 on both store dialects: result rows stored as objects by earlier versions become
 * arrays of cells in the order of the record's stored columns, and nothing stored is lost.
 */

const postgresGate = serviceGate('PostgreSQL store suite (result rows migration)', await checkPostgres());

const dialects = [
  { name: 'SQLite', run: true, open: () => Promise.resolve(openSqliteTestStore()) },
  { name: 'PostgreSQL', run: postgresGate.run, open: openPostgresTestStore },
];

if (postgresGate.failInCi) {
  describe('PostgreSQL store suite (result rows migration)', () => {
    it('needs a reachable PostgreSQL under CI=true', () => {
      expect.fail('PostgreSQL is unreachable and CI=true: the store suite cannot be skipped in CI');
    });
  });
}

const arrays = '0006-result-rows-as-arrays';
const col = (name: string, type = 'integer') => ({ name, type });

function migratorOf(store: Store): { migrator: Migrator; before: string } {
  const provider = { getMigrations: () => Promise.resolve(migrations(store.dialect)) };
  const names = Object.keys(migrations(store.dialect));
  return {
    migrator: new Migrator({ db: store.db, provider }),
    before: names[names.indexOf(arrays) - 1] ?? '',
  };
}

for (const dialect of dialects) {
  describe.skipIf(!dialect.run)(`result rows migration on ${dialect.name}`, () => {
    it('0006 rewrites rows stored as objects into arrays in stored column order, losing nothing', async () => {
      const fresh = await dialect.open();
      try {
        const { db } = fresh.store;
        const { migrator, before } = migratorOf(fresh.store);
        expect((await migrator.migrateTo(before)).error).toBeUndefined();

        // Only columns that exist at this point of the history (the repository writes today's).
        const owner = newId();
        await db.insertInto('users').values({ id: owner, role: 'member' }).execute();
        const database = newId();
        await db
          .insertInto('databases')
          .values({ id: database, name: 'D', engine: 'sqlite', details: toJson({}), owner_id: owner })
          .execute();
        const insert = async (rows: unknown, columns: unknown, id = newId()) => {
          await db
            .insertInto('queries')
            .values({
              id,
              sql: 'select 1',
              database_id: database,
              owner_id: owner,
              rows: rows === null ? null : toJson(rows),
              columns: columns === null ? null : toJson(columns),
            })
            .execute();
          return id;
        };

        // The old shape: keys in any order (PostgreSQL's jsonb sorts them; JS puts "10" first),
        // a repeated name already suffixed, JSON cells, NULL, a name Object.prototype also has.
        const columns = [
          col('name', 'text'),
          col('10', 'text'),
          col('id'),
          col('id_1'),
          col('doc', 'jsonb'),
          col('constructor', 'text'),
        ];
        const keyed = await insert(
          [
            { id: 1, id_1: 7, doc: { tags: ['a'], n: 1.5 }, name: 'Ana', 10: 'ten', constructor: 'c' },
            { doc: [1, null], constructor: null, id_1: null, id: 2, 10: '', name: 'Bo' },
            { name: 'Cy', id: 3 },
          ],
          columns,
        );
        // Keys no stored column names, and rows with no columns at all: kept as added columns.
        const extra = await insert([{ a: 1, extra: 'kept' }, { a: 2 }], [col('a')]);
        const columnless = await insert([{ x: 'one', y: 2 }], null);
        const failed = await insert(null, null);
        const already = await insert([[1, 'Ana']], [col('id'), col('name', 'text')]);
        const empty = await insert([], [col('id')]);
        // More records than one batch holds, ids in no particular order.
        const many = await Promise.all(
          Array.from({ length: 60 }, (_, index) =>
            insert([{ v: index, w: `w${index}` }], [col('w', 'text'), col('v')]),
          ),
        );

        // Read back as stored, not through today's repository: its queries name later columns.
        const storedJson = async (column: 'rows' | 'columns', id: string) => {
          const row = await db.selectFrom('queries').select(column).where('id', '=', id).executeTakeFirst();
          return parseNullableJson(row?.[column] ?? null);
        };

        const up = await migrator.migrateTo(arrays);
        expect(up.error).toBeUndefined();
        expect(up.results?.map((result) => result.migrationName)).toEqual([arrays]);

        expect(await storedJson('rows', keyed)).toEqual([
          ['Ana', 'ten', 1, 7, { tags: ['a'], n: 1.5 }, 'c'],
          ['Bo', '', 2, null, [1, null], null],
          ['Cy', null, 3, null, null, null],
        ]);
        expect(await storedJson('columns', keyed)).toEqual(columns);

        expect(await storedJson('rows', extra)).toEqual([
          [1, 'kept'],
          [2, null],
        ]);
        expect(await storedJson('columns', extra)).toEqual([col('a'), col('extra', 'unknown')]);
        expect(await storedJson('rows', columnless)).toEqual([['one', 2]]);
        expect(await storedJson('columns', columnless)).toEqual([col('x', 'unknown'), col('y', 'unknown')]);

        expect(await storedJson('rows', failed)).toBeNull();
        expect(await storedJson('columns', failed)).toBeNull();
        expect(await storedJson('rows', already)).toEqual([[1, 'Ana']]);
        expect(await storedJson('rows', empty)).toEqual([]);
        for (const [index, id] of many.entries()) {
          expect(await storedJson('rows', id)).toEqual([[`w${index}`, index]]);
        }

        // Down keys the arrays again by column name: the same objects as before.
        expect((await migrator.migrateTo(before)).error).toBeUndefined();
        const stored = async (id: string) => {
          const row = await db.selectFrom('queries').select('rows').where('id', '=', id).executeTakeFirst();
          return parseNullableJson(row?.rows ?? null);
        };
        expect(await stored(keyed)).toEqual([
          { id: 1, id_1: 7, doc: { tags: ['a'], n: 1.5 }, name: 'Ana', 10: 'ten', constructor: 'c' },
          { doc: [1, null], constructor: null, id_1: null, id: 2, 10: '', name: 'Bo' },
          { name: 'Cy', id: 3, 10: null, id_1: null, doc: null, constructor: null },
        ]);
        expect(await stored(extra)).toEqual([
          { a: 1, extra: 'kept' },
          { a: 2, extra: null },
        ]);
        expect(await stored(failed)).toBeNull();

        // And up again gives the same arrays: rerunning is safe.
        expect((await migrator.migrateTo(arrays)).error).toBeUndefined();
        expect(await storedJson('rows', keyed)).toEqual([
          ['Ana', 'ten', 1, 7, { tags: ['a'], n: 1.5 }, 'c'],
          ['Bo', '', 2, null, [1, null], null],
          ['Cy', null, 3, null, null, null],
        ]);
        expect(await storedJson('rows', many[59] ?? '')).toEqual([['w59', 59]]);
      } finally {
        await fresh.dispose();
      }
    });
  });
}
