import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Store } from '../../src/store/connect.ts';
import { migrations } from '../../src/store/migrate.ts';

/** The last migration of the previous released schema: stores written by that release stop here. */
export const PREVIOUS_RELEASE_MIGRATION = '0007-favorites-cascade-with-their-items';

/**
 * Tables of the previous release that a later migration rebuilds on purpose without carrying rows
 * over, with the reason the migration gives. 0008 rebuilt `sessions`: nothing could sign in before
 * it, so no previous release ever wrote a session.
 */
export const NOT_CARRIED_OVER: Readonly<Record<string, string>> = {
  sessions: '0008 rebuilt sessions; no release before it created one',
};

/** The migrator's own bookkeeping: it gains rows as it goes, which is its job, not stored data. */
export const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/** Rows of that schema, written as its code wrote them: no table type of today applies. */
type LooseDb = Kysely<Record<string, Record<string, unknown>>>;

/** Brings a fresh store to the previous release's schema, and no further. */
export async function migrateToPreviousRelease(store: Store): Promise<void> {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: () => Promise.resolve(migrations(store.dialect)) },
  });
  const result = await migrator.migrateTo(PREVIOUS_RELEASE_MIGRATION);
  if (result.error !== undefined) {
    throw new Error(`Could not migrate to ${PREVIOUS_RELEASE_MIGRATION}`, { cause: result.error });
  }
}

const iso = (day: number, ms = 0) => new Date(Date.UTC(2026, 9, day, 8, 30, 15, ms)).toISOString();
const json = (value: unknown) => JSON.stringify(value);

/**
 * Every kind of object the previous release stored, in several shapes each: optional columns set
 * and left empty, both booleans, text that needs quoting, large and negative numbers, nested JSON,
 * result rows as arrays (0006), stars on a query and on a chart (0007), an upload's database.
 */
export async function fillPreviousReleaseStore(store: Store): Promise<void> {
  const db = store.db as unknown as LooseDb;
  const bool = (value: boolean) => (store.dialect === 'sqlite' ? (value ? 1 : 0) : value);
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    for (const row of rows) await db.insertInto(table).values(row).execute();
  };

  await insert('organizations', [
    { id: 'org-1', name: 'Acme "Data" Ltd', created_at: iso(1) },
    { id: 'org-2', name: 'Zoë & Søn', created_at: iso(2, 7) },
  ]);
  await insert('users', [
    {
      id: 'user-admin',
      email: 'admin@localhost',
      first_name: 'Local',
      last_name: 'Administrator',
      role: 'admin',
      created_at: iso(1),
      updated_at: iso(3),
    },
    {
      id: 'user-ana',
      email: 'ana@example.com',
      first_name: 'Ana',
      last_name: "O'Brien",
      profile_picture_url: 'https://example.com/ana.png',
      role: 'member',
      organization_id: 'org-1',
      oidc_subject: 'sub-ana',
      created_at: iso(2, 123),
      updated_at: iso(4, 456),
    },
    { id: 'user-anon', role: 'anonymous', created_at: iso(5), updated_at: iso(5) },
  ]);
  await insert('databases', [
    {
      id: 'db-pg',
      name: 'Warehouse',
      engine: 'postgres',
      details: json({ host: 'db.internal', port: 5432, user: 'reader', password: { iv: 'x', data: 'y' } }),
      safe_mode: bool(true),
      public: bool(false),
      dbt_catalog: json({ nodes: { 'model.shop.orders': { columns: { id: { type: 'int' } } } } }),
      dbt_manifest: json({ nodes: {}, metadata: { dbt_version: '1.8.0' } }),
      dbt_summary: json({ models: 1, described: ['orders'] }),
      statement_timeout_ms: 2_147_483_647,
      owner_id: 'user-ana',
      organization_id: 'org-1',
      created_at: iso(6),
      updated_at: iso(7),
    },
    {
      id: 'db-upload',
      name: 'sales.csv',
      engine: 'motherduck',
      details: json({ path: 'uploads/db-upload.duckdb', uploaded: true }),
      safe_mode: bool(false),
      public: bool(true),
      owner_id: 'user-admin',
      created_at: iso(8),
      updated_at: iso(8),
    },
  ]);
  await insert('projects', [
    {
      id: 'project-1',
      name: 'Sales',
      description: 'Tables about\nsales',
      database_id: 'db-pg',
      owner_id: 'user-ana',
      organization_id: 'org-1',
      created_at: iso(9),
      updated_at: iso(9),
    },
    { id: 'project-2', name: 'Bare', database_id: 'db-upload', owner_id: 'user-admin' },
  ]);
  await insert('project_tables', [
    { id: 'pt-1', project_id: 'project-1', schema_name: 'public', table_name: 'orders' },
    { id: 'pt-2', project_id: 'project-1', schema_name: '', table_name: 'Customers With Spaces' },
  ]);
  await insert('conversations', [
    {
      id: 'conv-1',
      name: 'Top customers',
      owner_id: 'user-ana',
      organization_id: 'org-1',
      database_id: 'db-pg',
      project_id: 'project-1',
      context_id: 'project-project-1',
      status: 'clear',
      created_at: iso(10),
      updated_at: iso(11),
    },
    {
      id: 'conv-2',
      owner_id: 'user-admin',
      database_id: 'db-upload',
      context_id: 'database-db-upload',
      status: 'error',
      error: 'The model is not reachable',
      turn_expires_at: iso(12, 999),
      created_at: iso(12),
      updated_at: iso(12),
    },
  ]);
  await insert('queries', [
    {
      id: 'query-saved',
      title: 'Revenue by month',
      sql: "select date_trunc('month', at) as month, sum(total) from orders group by 1",
      database_id: 'db-pg',
      owner_id: 'user-ana',
      is_saved: bool(true),
      rows: json([
        ['2026-01', 1234.5],
        ['2026-02', null],
      ]),
      columns: json([
        { name: 'month', type: 'text' },
        { name: 'sum', type: 'numeric' },
      ]),
      count: 2,
      truncated: bool(false),
      duration_ms: 42,
      ran_at: iso(13),
      created_at: iso(13),
      updated_at: iso(14),
    },
    {
      id: 'query-chat',
      sql: 'select count(*) from "Customers With Spaces"',
      database_id: 'db-pg',
      owner_id: 'user-ana',
      conversation_id: 'conv-1',
      is_saved: bool(false),
      rows: json([[-9_007_199_254_740_991]]),
      columns: json([{ name: 'count', type: 'bigint' }]),
      count: 1,
      truncated: bool(true),
      duration_ms: 0,
      ran_at: iso(15),
    },
    {
      id: 'query-history-failed',
      sql: 'select * from missing',
      database_id: 'db-upload',
      owner_id: 'user-admin',
      error: 'Table "missing" does not exist',
      ran_at: iso(16),
    },
  ]);
  await insert('charts', [
    {
      id: 'chart-1',
      query_id: 'query-saved',
      title: 'Revenue',
      config: json({ type: 'bar', x: 'month', y: ['sum'], options: { stacked: false } }),
      owner_id: 'user-ana',
      created_at: iso(17),
      updated_at: iso(17),
    },
  ]);
  await insert('messages', [
    {
      id: 'msg-1',
      conversation_id: 'conv-1',
      role: 'user',
      content: 'Who buys most? 🤔',
      seq: 1,
      created_at: iso(10),
    },
    {
      id: 'msg-2',
      conversation_id: 'conv-1',
      role: 'assistant',
      function_call: json({ name: 'run_sql', arguments: { sql: 'select 1' }, id: 'call-1' }),
      query_id: 'query-chat',
      seq: 2,
      created_at: iso(10, 500),
    },
    { id: 'msg-3', conversation_id: 'conv-1', role: 'tool', content: '{"rows":1}', seq: 3 },
    {
      id: 'msg-4',
      conversation_id: 'conv-1',
      role: 'assistant',
      content: 'See the chart.',
      chart_id: 'chart-1',
      seq: 4,
    },
    { id: 'msg-5', conversation_id: 'conv-2', role: 'user', content: 'Why did this fail?', seq: 1 },
  ]);
  await insert('favorites', [
    { id: 'fav-query', user_id: 'user-ana', query_id: 'query-saved', created_at: iso(18) },
    { id: 'fav-chart', user_id: 'user-ana', chart_id: 'chart-1', created_at: iso(18, 1) },
    { id: 'fav-admin', user_id: 'user-admin', query_id: 'query-saved' },
  ]);
  await insert('business_entities', [
    {
      id: 'entity-1',
      database_id: 'db-pg',
      name: 'Customer',
      definition: 'Someone who bought at least once',
      table_ref: 'public.customers',
      review_date: iso(19),
      review_conversation_id: 'conv-1',
      completeness: 95,
      quality_score: 72,
      created_at: iso(19),
      updated_at: iso(19),
    },
    { id: 'entity-2', database_id: 'db-upload', name: 'Sale' },
  ]);
  await insert('issues', [
    {
      id: 'issue-1',
      database_id: 'db-pg',
      business_entity_id: 'entity-1',
      title: 'Missing emails',
      description: '3 customers have no email',
      severity: 'high',
      status: 'in_progress',
      query_id: 'query-saved',
      created_at: iso(20),
      updated_at: iso(21),
    },
    { id: 'issue-2', database_id: 'db-upload', title: 'Duplicated rows' },
  ]);
  await insert('memories', [
    { id: 'memory-1', database_id: 'db-pg', content: 'Revenue is in EUR, net of tax', created_at: iso(22) },
    { id: 'memory-2', database_id: 'db-upload', content: 'Dates are UTC' },
  ]);
  await insert('credit_ledger', [
    { id: 'credit-1', user_id: 'user-ana', amount: 100, reason: 'grant', created_at: iso(23) },
    { id: 'credit-2', user_id: 'user-ana', amount: -30, reason: 'question' },
  ]);
  await insert('settings', [
    { key: 'demo-database-created', value: json(true), updated_at: iso(1) },
    { key: 'nested', value: json({ a: [1, 'two', null], b: { c: 'ü' } }) },
  ]);
}
