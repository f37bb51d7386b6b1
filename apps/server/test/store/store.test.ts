import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalAdmin, LOCAL_ADMIN_ID } from '../../src/auth/local-admin.ts';
import { sumCredits } from '../../src/modules/credits/credit-ledger.repo.ts';
import { findUserById, findUserByOidcSubject, insertUser } from '../../src/modules/users/users.repo.ts';
import type { Store } from '../../src/store/connect.ts';
import { createStore } from '../../src/store/connect.ts';
import { migrateToLatest, migrations } from '../../src/store/migrate.ts';
import { dropOrder } from '../../src/store/migrations/0001-initial.ts';
import { newId, parseJson, parseNullableJson, readBool, toJson } from '../../src/store/values.ts';
import { seedGraph } from '../helpers/seed-graph.ts';
import { checkPostgres, serviceGate } from '../helpers/services.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import type { TestStore } from '../helpers/test-stores.ts';
import { openPostgresTestStore, openSqliteTestStore } from '../helpers/test-stores.ts';

const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const postgresGate = serviceGate('PostgreSQL store suite', await checkPostgres());

const dialects = [
  { name: 'SQLite', run: true, open: () => Promise.resolve(openSqliteTestStore()) },
  { name: 'PostgreSQL', run: postgresGate.run, open: openPostgresTestStore },
];

if (postgresGate.failInCi) {
  describe('PostgreSQL store suite', () => {
    it('needs a reachable PostgreSQL under CI=true', () => {
      expect.fail('PostgreSQL is unreachable and CI=true: the store suite cannot be skipped in CI');
    });
  });
}

async function countRows(store: Store, table: (typeof dropOrder)[number]): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

for (const dialect of dialects) {
  describe.skipIf(!dialect.run)(`store on ${dialect.name}`, () => {
    let testStore: TestStore;
    let store: Store;

    beforeAll(async () => {
      testStore = await dialect.open();
      store = testStore.store;
      await migrateToLatest(store);
    });

    afterAll(async () => {
      await testStore.dispose();
    });

    it('creates every table, and migrating again changes nothing', async () => {
      for (const table of dropOrder) expect(await countRows(store, table)).toBe(0);
      const again = await migrateToLatest(store);
      expect(again.error).toBeUndefined();
      expect(again.results).toEqual([]);
    });

    it('ensures the local administrator idempotently', async () => {
      const first = await ensureLocalAdmin(store.db);
      const second = await ensureLocalAdmin(store.db);
      expect(second).toEqual(first);
      expect(first).toMatchObject({
        id: LOCAL_ADMIN_ID,
        email: 'admin@localhost',
        firstName: 'Local',
        lastName: 'Administrator',
        profilePictureUrl: null,
        role: 'admin',
        organizationId: null,
        oidcSubject: null,
      });
      expect(first.createdAt).toMatch(isoTimestamp);
      expect(await findUserById(store.db, 'nobody')).toBeNull();
    });

    it('round-trips every table with the same JS values on both dialects', async () => {
      const { ids, now } = await seedGraph(store);
      const { db } = store;

      const user = await findUserById(db, ids.user);
      expect(user).toMatchObject({ email: 'ana@example.com', role: 'member', organizationId: ids.org });

      const database = await db
        .selectFrom('databases')
        .selectAll()
        .where('id', '=', ids.database)
        .executeTakeFirstOrThrow();
      expect(readBool(database.safe_mode)).toBe(false);
      expect(readBool(database.public)).toBe(true);
      expect(parseJson(database.details)).toEqual({
        filename: 'chinook.sqlite',
        nested: { port: 5432, tags: ['a', 'b'] },
      });
      expect(parseNullableJson(database.dbt_catalog)).toEqual({ nodes: {} });
      expect(database.dbt_manifest).toBeNull();
      expect(database.statement_timeout_ms).toBe(30000);
      expect(database.created_at).toMatch(isoTimestamp);
      expect(database.updated_at).toMatch(isoTimestamp);

      const conversation = await db
        .selectFrom('conversations')
        .selectAll()
        .where('id', '=', ids.conversation)
        .executeTakeFirstOrThrow();
      expect(conversation).toMatchObject({
        status: 'clear',
        error: null,
        context_id: `project-${ids.project}`,
      });

      const query = await db
        .selectFrom('queries')
        .selectAll()
        .where('id', '=', ids.query)
        .executeTakeFirstOrThrow();
      expect(readBool(query.is_saved)).toBe(true);
      expect(readBool(query.truncated)).toBe(false);
      expect(parseNullableJson(query.rows)).toEqual([[1, 'Ana']]);
      expect(parseNullableJson(query.columns)).toEqual([
        { name: 'id', type: 'integer' },
        { name: 'name', type: 'text' },
      ]);
      expect(query).toMatchObject({ count: 1, duration_ms: 12, error: null, ran_at: now });

      const message = await db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', ids.message)
        .executeTakeFirstOrThrow();
      expect(parseNullableJson(message.function_call)).toEqual({
        name: 'sql_query',
        arguments: { query: 'select 1' },
      });
      expect(message).toMatchObject({ content: null, seq: 1, query_id: ids.query, chart_id: ids.chart });

      const chart = await db
        .selectFrom('charts')
        .selectAll()
        .where('id', '=', ids.chart)
        .executeTakeFirstOrThrow();
      expect(parseJson(chart.config)).toEqual({ type: 'bar' });

      const entity = await db
        .selectFrom('business_entities')
        .selectAll()
        .where('id', '=', ids.entity)
        .executeTakeFirstOrThrow();
      expect(entity).toMatchObject({
        completeness: 95,
        quality_score: 72,
        review_date: now,
        table_ref: 'main.customers',
      });

      const issue = await db
        .selectFrom('issues')
        .selectAll()
        .where('id', '=', ids.issue)
        .executeTakeFirstOrThrow();
      expect(issue).toMatchObject({ status: 'open', severity: 'high', business_entity_id: ids.entity });

      const session = await db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', ids.session)
        .executeTakeFirstOrThrow();
      expect(session.expires_at).toBe('2030-01-01T00:00:00.000Z');
      expect(session.last_seen_at).toMatch(isoTimestamp);

      const projectTable = await db.selectFrom('project_tables').selectAll().executeTakeFirstOrThrow();
      expect(projectTable).toEqual({
        id: ids.projectTable,
        project_id: ids.project,
        schema_name: 'main',
        table_name: 'invoices',
      });
      const favorite = await db.selectFrom('favorites').selectAll().executeTakeFirstOrThrow();
      expect(favorite).toMatchObject({ user_id: ids.user, query_id: ids.query, chart_id: null });
      const memory = await db.selectFrom('memories').select('content').executeTakeFirstOrThrow();
      expect(memory.content).toBe('Revenue is in USD');

      const balance = await sumCredits(db, ids.user);
      expect(balance).toBe(70);
      expect(typeof balance).toBe('number');
      expect(await sumCredits(db, LOCAL_ADMIN_ID)).toBe(0);

      await db.updateTable('databases').set({ safe_mode: true }).where('id', '=', ids.database).execute();
      const updated = await db
        .selectFrom('databases')
        .select('safe_mode')
        .where('id', '=', ids.database)
        .executeTakeFirstOrThrow();
      expect(readBool(updated.safe_mode)).toBe(true);
      const filtered = await db.selectFrom('databases').select('id').where('public', '=', true).execute();
      expect(filtered.map((row) => row.id)).toContain(ids.database);
    });

    it('enforces unique constraints', async () => {
      const { ids } = await seedGraph(store);
      const { db } = store;
      await expect(
        db
          .insertInto('project_tables')
          .values({ id: newId(), project_id: ids.project, schema_name: 'main', table_name: 'invoices' })
          .execute(),
      ).rejects.toThrow();
      await expect(
        db.insertInto('favorites').values({ id: newId(), user_id: ids.user, query_id: ids.query }).execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('messages')
          .values({ id: newId(), conversation_id: ids.conversation, role: 'user', content: 'again', seq: 1 })
          .execute(),
      ).rejects.toThrow();
      await insertUser(db, { role: 'member', oidcSubject: `sub-${ids.user}` });
      await expect(insertUser(db, { role: 'member', oidcSubject: `sub-${ids.user}` })).rejects.toThrow();
      expect(await findUserByOidcSubject(db, `sub-${ids.user}`)).not.toBeNull();
    });

    it('enforces foreign keys and value checks', async () => {
      const { db } = store;
      await expect(
        db
          .insertInto('projects')
          .values({ id: newId(), name: 'Orphan', database_id: 'missing', owner_id: LOCAL_ADMIN_ID })
          .execute(),
      ).rejects.toThrow();
      await expect(insertUser(db, { role: 'superuser' as 'admin' })).rejects.toThrow();
      // A star names one existing query or chart: not a missing one, not both, not neither.
      const { ids } = await seedGraph(store);
      const star = (item: { query_id?: string | null; chart_id?: string | null }) =>
        db
          .insertInto('favorites')
          .values({ id: newId(), user_id: ids.user, ...item })
          .execute();
      await expect(star({ query_id: 'missing' })).rejects.toThrow();
      await expect(star({ chart_id: 'missing' })).rejects.toThrow();
      await expect(star({ query_id: ids.query, chart_id: ids.chart })).rejects.toThrow();
      await expect(star({})).rejects.toThrow();
      await star({ chart_id: ids.chart });
    });

    it('0007 moves stars onto foreign keys that cascade, leaving out those already orphaned', async () => {
      const fresh = await dialect.open();
      try {
        const { db } = fresh.store;
        const migrator = new Migrator({
          db,
          provider: { getMigrations: () => Promise.resolve(migrations(fresh.store.dialect)) },
        });
        const names = Object.keys(migrations(fresh.store.dialect));
        const cascade = '0007-favorites-cascade-with-their-items';
        const before = names[names.indexOf(cascade) - 1] ?? '';
        expect((await migrator.migrateTo(before)).error).toBeUndefined();
        // Only columns that exist at this point of the history (the repository writes today's).
        const user = newId();
        await db.insertInto('users').values({ id: user, role: 'member' }).execute();
        const [database, query, chart] = [newId(), newId(), newId()];
        await db
          .insertInto('databases')
          .values({ id: database, name: 'D', engine: 'sqlite', details: toJson({}), owner_id: user })
          .execute();
        await db
          .insertInto('queries')
          .values({ id: query, sql: 'select 1', database_id: database, owner_id: user })
          .execute();
        await db
          .insertInto('charts')
          .values({ id: chart, query_id: query, title: 'C', config: toJson({}), owner_id: user })
          .execute();
        // Before 0007 a star named its item by type and id, with nothing to keep the id alive.
        const oldStar = async (itemType: string, itemId: string) => {
          const id = newId();
          await sql`insert into favorites (id, user_id, item_type, item_id, created_at)
            values (${id}, ${user}, ${itemType}, ${itemId}, ${'2026-01-02T03:04:05.678Z'})`.execute(db);
          return id;
        };
        const onQuery = await oldStar('query', query);
        const onChart = await oldStar('chart', chart);
        await oldStar('query', 'deleted-query');
        await oldStar('chart', 'deleted-chart');
        await oldStar('chart', query);

        const up = await migrator.migrateTo(cascade);
        expect(up.error).toBeUndefined();
        expect(up.results?.map((result) => result.migrationName)).toEqual([cascade]);
        const stars = await db.selectFrom('favorites').selectAll().orderBy('query_id').execute();
        expect(stars).toEqual(
          expect.arrayContaining([
            {
              id: onQuery,
              user_id: user,
              query_id: query,
              chart_id: null,
              created_at: '2026-01-02T03:04:05.678Z',
            },
            {
              id: onChart,
              user_id: user,
              query_id: null,
              chart_id: chart,
              created_at: '2026-01-02T03:04:05.678Z',
            },
          ]),
        );
        expect(stars).toHaveLength(2);

        // Down gives the type-and-id shape back with the same stars.
        expect((await migrator.migrateTo(before)).error).toBeUndefined();
        const { rows } = await sql<{ id: string; item_type: string; item_id: string }>`
          select id, item_type, item_id from favorites order by item_type`.execute(db);
        expect(rows).toEqual([
          { id: onChart, item_type: 'chart', item_id: chart },
          { id: onQuery, item_type: 'query', item_id: query },
        ]);
        expect((await migrator.migrateTo(cascade)).error).toBeUndefined();

        await db.deleteFrom('databases').where('id', '=', database).execute();
        expect(await db.selectFrom('favorites').select('id').execute()).toEqual([]);
      } finally {
        await fresh.dispose();
      }
    });

    it('0009 adds data quality beside existing entities and issues, and goes down and up again', async () => {
      const fresh = await dialect.open();
      try {
        const { db } = fresh.store;
        const migrator = new Migrator({
          db,
          provider: { getMigrations: () => Promise.resolve(migrations(fresh.store.dialect)) },
        });
        const names = Object.keys(migrations(fresh.store.dialect));
        const quality = '0009-data-quality';
        const before = names[names.indexOf(quality) - 1] ?? '';
        expect((await migrator.migrateTo(before)).error).toBeUndefined();
        const [user, database, entity, issue] = [newId(), newId(), newId(), newId()];
        await db.insertInto('users').values({ id: user, role: 'member' }).execute();
        await db
          .insertInto('databases')
          .values({ id: database, name: 'D', engine: 'sqlite', details: toJson({}), owner_id: user })
          .execute();
        await sql`insert into business_entities (id, database_id, name) values (${entity}, ${database}, 'Customer')`.execute(
          db,
        );
        await sql`insert into issues (id, database_id, business_entity_id, title)
          values (${issue}, ${database}, ${entity}, 'Old finding')`.execute(db);

        expect((await migrator.migrateTo(quality)).error).toBeUndefined();
        // What existed before was made by people: no check, no table, seen once.
        expect(
          await db
            .selectFrom('business_entities')
            .select(['origin', 'table_name', 'key_columns'])
            .executeTakeFirstOrThrow(),
        ).toEqual({ origin: 'user', table_name: null, key_columns: null });
        expect(
          await db
            .selectFrom('issues')
            .select(['origin', 'check_id', 'occurrences', 'evidence'])
            .executeTakeFirstOrThrow(),
        ).toEqual({ origin: 'user', check_id: null, occurrences: 1, evidence: null });

        const check = newId();
        await db
          .insertInto('quality_checks')
          .values({
            id: check,
            database_id: database,
            business_entity_id: entity,
            title: 'id is unique',
            kind: 'uniqueness',
            table_name: 'customers',
            definition: toJson({ kind: 'uniqueness', columns: ['id'], params: {} }),
            dimension: 'uniqueness',
            severity: 'critical',
            warn_percent: 0,
            fail_percent: 0.5,
            origin: 'scan',
            state: 'active',
            fingerprint: 'f',
          })
          .execute();
        await db
          .insertInto('check_runs')
          .values({
            id: newId(),
            check_id: check,
            database_id: database,
            batch_id: 'b',
            status: 'pass',
            failing_count: 0,
            total_count: 9_007_199_254_740_991,
            failing_percent: 0.25,
            observed: 'ok',
            trigger: 'scan',
            ran_at: '2026-01-02T03:04:05.678Z',
          })
          .execute();
        const stored = await db.selectFrom('check_runs').selectAll().executeTakeFirstOrThrow();
        // Big counts and fractions come back as the same numbers on both dialects.
        expect([stored.total_count, stored.failing_percent, stored.ran_at]).toEqual([
          9_007_199_254_740_991,
          0.25,
          '2026-01-02T03:04:05.678Z',
        ]);
        await db.updateTable('issues').set({ check_id: check }).execute();
        // One issue per check.
        await expect(
          db
            .insertInto('issues')
            .values({ id: newId(), database_id: database, title: 'Twice', check_id: check })
            .execute(),
        ).rejects.toThrow();
        // A check going takes its runs, and leaves its issue without it.
        await db.deleteFrom('quality_checks').where('id', '=', check).execute();
        expect(await db.selectFrom('check_runs').select('id').execute()).toEqual([]);
        expect(
          (await db.selectFrom('issues').select('check_id').executeTakeFirstOrThrow()).check_id,
        ).toBeNull();

        expect((await migrator.migrateTo(before)).error).toBeUndefined();
        const { rows } = await sql<{ id: string; title: string }>`select id, title from issues`.execute(db);
        expect(rows).toEqual([{ id: issue, title: 'Old finding' }]);
        expect((await migrator.migrateTo(quality)).error).toBeUndefined();
      } finally {
        await fresh.dispose();
      }
    });

    it('deleting a database cascades to everything that belongs to it', async () => {
      const { ids } = await seedGraph(store);
      const { db } = store;
      const owned = [
        'projects',
        'project_tables',
        'conversations',
        'messages',
        'queries',
        'charts',
        'business_entities',
        'issues',
        'memories',
        // Stars on its queries and charts, whoever starred them.
        'favorites',
      ] as const;
      const before = new Map<string, number>();
      for (const table of owned) before.set(table, await countRows(store, table));

      await db.deleteFrom('databases').where('id', '=', ids.database).execute();

      for (const table of owned) expect(await countRows(store, table)).toBe((before.get(table) ?? 0) - 1);
      // Rows that belong to the user, not the database, stay.
      expect(await findUserById(db, ids.user)).not.toBeNull();
      expect(await sumCredits(db, ids.user)).toBe(70);
    });
  });
}

describe('SQLite store file', () => {
  it('creates missing directories and opens in WAL mode with foreign keys on', async () => {
    const temp = makeTempDir();
    const file = path.join(temp.dir, 'nested', 'deeper', 'querent.sqlite');
    const store = createStore({ kind: 'sqlite', file });
    try {
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
      expect(journal.rows[0]?.journal_mode).toBe('wal');
      const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db);
      expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
      expect(existsSync(file)).toBe(true);
    } finally {
      await store.destroy();
      temp.remove();
    }
  });
});
