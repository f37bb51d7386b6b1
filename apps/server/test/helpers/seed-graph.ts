import { addCreditEntry } from '../../src/modules/credits/credit-ledger.repo.ts';
import { insertUser } from '../../src/modules/users/users.repo.ts';
import type { Store } from '../../src/store/connect.ts';
import { newId, nowIso, toJson } from '../../src/store/values.ts';

/** Inserts one row in every table, linked together, and returns their ids. */
export async function seedGraph(store: Store) {
  const { db } = store;
  const ids = {
    org: newId(),
    user: newId(),
    database: newId(),
    project: newId(),
    projectTable: newId(),
    conversation: newId(),
    query: newId(),
    chart: newId(),
    message: newId(),
    favorite: newId(),
    entity: newId(),
    issue: newId(),
    memory: newId(),
    session: newId(),
  };
  const now = nowIso();
  await db.insertInto('organizations').values({ id: ids.org, name: 'Acme' }).execute();
  await insertUser(db, { id: ids.user, email: 'ana@example.com', role: 'member', organizationId: ids.org });
  await db
    .insertInto('sessions')
    .values({
      id: ids.session,
      user_id: ids.user,
      idle_expires_at: '2029-01-01T00:00:00.000Z',
      expires_at: '2030-01-01T00:00:00.000Z',
    })
    .execute();
  await db
    .insertInto('databases')
    .values({
      id: ids.database,
      name: 'Chinook',
      engine: 'sqlite',
      details: toJson({ filename: 'chinook.sqlite', nested: { port: 5432, tags: ['a', 'b'] } }),
      public: true,
      dbt_catalog: toJson({ nodes: {} }),
      statement_timeout_ms: 30000,
      owner_id: ids.user,
      organization_id: ids.org,
    })
    .execute();
  await db
    .insertInto('projects')
    .values({
      id: ids.project,
      name: 'Sales',
      description: 'Sales tables',
      database_id: ids.database,
      owner_id: ids.user,
    })
    .execute();
  await db
    .insertInto('project_tables')
    .values({ id: ids.projectTable, project_id: ids.project, schema_name: 'main', table_name: 'invoices' })
    .execute();
  await db
    .insertInto('conversations')
    .values({
      id: ids.conversation,
      name: 'Top customers',
      owner_id: ids.user,
      database_id: ids.database,
      project_id: ids.project,
      context_id: `project-${ids.project}`,
    })
    .execute();
  await db
    .insertInto('queries')
    .values({
      id: ids.query,
      title: 'Top 5',
      sql: 'select * from customers limit 5',
      database_id: ids.database,
      owner_id: ids.user,
      conversation_id: ids.conversation,
      is_saved: true,
      rows: toJson([[1, 'Ana']]),
      columns: toJson([
        { name: 'id', type: 'integer' },
        { name: 'name', type: 'text' },
      ]),
      count: 1,
      truncated: false,
      duration_ms: 12,
      ran_at: now,
    })
    .execute();
  await db
    .insertInto('charts')
    .values({
      id: ids.chart,
      query_id: ids.query,
      title: 'Bar',
      config: toJson({ type: 'bar' }),
      owner_id: ids.user,
    })
    .execute();
  await db
    .insertInto('messages')
    .values({
      id: ids.message,
      conversation_id: ids.conversation,
      role: 'assistant',
      content: null,
      function_call: toJson({ name: 'sql_query', arguments: { query: 'select 1' } }),
      query_id: ids.query,
      chart_id: ids.chart,
      seq: 1,
    })
    .execute();
  await db
    .insertInto('favorites')
    .values({ id: ids.favorite, user_id: ids.user, query_id: ids.query })
    .execute();
  await db
    .insertInto('business_entities')
    .values({
      id: ids.entity,
      database_id: ids.database,
      name: 'Customer',
      definition: 'A buyer',
      table_ref: 'main.customers',
      review_date: now,
      review_conversation_id: ids.conversation,
      completeness: 95,
      quality_score: 72,
    })
    .execute();
  await db
    .insertInto('issues')
    .values({
      id: ids.issue,
      database_id: ids.database,
      business_entity_id: ids.entity,
      title: 'Missing emails',
      description: '3 customers have no email',
      severity: 'high',
      query_id: ids.query,
    })
    .execute();
  await db
    .insertInto('memories')
    .values({ id: ids.memory, database_id: ids.database, content: 'Revenue is in USD' })
    .execute();
  await addCreditEntry(db, { userId: ids.user, amount: 100, reason: 'grant' });
  await addCreditEntry(db, { userId: ids.user, amount: -30, reason: 'question' });
  return { ids, now };
}
