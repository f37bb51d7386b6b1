import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import type { ColumnKit } from './column-kit.ts';
import { columnKit } from './column-kit.ts';

type TableBuilder = CreateTableBuilder<string, string>;

function timestamps(kit: ColumnKit, builder: TableBuilder): TableBuilder {
  return builder
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addColumn('updated_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now));
}

// Owned rows go with their owner: deleting a user must not leave rows nobody may reach.
const userFk = (col: ColumnDefinitionBuilder) => col.notNull().references('users.id').onDelete('cascade');

/** The whole data model, created at once on either dialect. */
async function createAll(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('profile_picture_url', 'text')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('member'))
    .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('set null'))
    .addColumn('oidc_subject', 'text', (col) => col.unique())
    .$call((b) => timestamps(kit, b))
    .addCheckConstraint('users_role_check', sql`role in ('admin', 'member', 'anonymous')`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', userFk)
    .addColumn('expires_at', kit.timestamp, (col) => col.notNull())
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addColumn('last_seen_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .execute();

  await db.schema
    .createTable('databases')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('engine', 'text', (col) => col.notNull())
    .addColumn('details', kit.json, (col) => col.notNull())
    .addColumn('safe_mode', kit.bool, (col) => col.notNull().defaultTo(kit.falseValue))
    .addColumn('public', kit.bool, (col) => col.notNull().defaultTo(kit.falseValue))
    .addColumn('dbt_catalog', kit.json)
    .addColumn('dbt_manifest', kit.json)
    .addColumn('statement_timeout_ms', 'integer')
    .addColumn('owner_id', 'text', userFk)
    .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('set null'))
    .$call((b) => timestamps(kit, b))
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('database_id', 'text', (col) => col.notNull().references('databases.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', userFk)
    .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('set null'))
    .$call((b) => timestamps(kit, b))
    .execute();

  await db.schema
    .createTable('project_tables')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('schema_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('table_name', 'text', (col) => col.notNull())
    .addUniqueConstraint('project_tables_project_table_unique', ['project_id', 'schema_name', 'table_name'])
    .execute();

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text')
    .addColumn('owner_id', 'text', userFk)
    .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('set null'))
    .addColumn('database_id', 'text', (col) => col.notNull().references('databases.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (col) => col.references('projects.id').onDelete('cascade'))
    .addColumn('context_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('clear'))
    .addColumn('error', 'text')
    .$call((b) => timestamps(kit, b))
    .addCheckConstraint('conversations_status_check', sql`status in ('running', 'clear', 'to_stop', 'error')`)
    .execute();

  await db.schema
    .createTable('queries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text')
    .addColumn('sql', 'text', (col) => col.notNull())
    .addColumn('database_id', 'text', (col) => col.notNull().references('databases.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', userFk)
    .addColumn('conversation_id', 'text', (col) => col.references('conversations.id').onDelete('set null'))
    .addColumn('is_saved', kit.bool, (col) => col.notNull().defaultTo(kit.falseValue))
    .addColumn('rows', kit.json)
    .addColumn('columns', kit.json)
    .addColumn('count', 'integer')
    .addColumn('truncated', kit.bool, (col) => col.notNull().defaultTo(kit.falseValue))
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('ran_at', kit.timestamp)
    .$call((b) => timestamps(kit, b))
    .execute();

  await db.schema
    .createTable('charts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('query_id', 'text', (col) => col.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('config', kit.json, (col) => col.notNull())
    .addColumn('owner_id', 'text', userFk)
    .$call((b) => timestamps(kit, b))
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('conversation_id', 'text', (col) =>
      col.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('content', 'text')
    .addColumn('function_call', kit.json)
    .addColumn('query_id', 'text', (col) => col.references('queries.id').onDelete('set null'))
    .addColumn('chart_id', 'text', (col) => col.references('charts.id').onDelete('set null'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addUniqueConstraint('messages_conversation_seq_unique', ['conversation_id', 'seq'])
    .execute();

  await db.schema
    .createTable('favorites')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', userFk)
    .addColumn('item_type', 'text', (col) => col.notNull())
    .addColumn('item_id', 'text', (col) => col.notNull())
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addUniqueConstraint('favorites_user_item_unique', ['user_id', 'item_type', 'item_id'])
    .addCheckConstraint('favorites_item_type_check', sql`item_type in ('query', 'chart')`)
    .execute();

  await db.schema
    .createTable('business_entities')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('database_id', 'text', (col) => col.notNull().references('databases.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('definition', 'text')
    .addColumn('table_ref', 'text')
    .addColumn('review_date', kit.timestamp)
    .addColumn('review_conversation_id', 'text', (col) =>
      col.references('conversations.id').onDelete('set null'),
    )
    .addColumn('completeness', 'integer')
    .addColumn('quality_score', 'integer')
    .$call((b) => timestamps(kit, b))
    .execute();

  await db.schema
    .createTable('issues')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('database_id', 'text', (col) => col.notNull().references('databases.id').onDelete('cascade'))
    .addColumn('business_entity_id', 'text', (col) =>
      col.references('business_entities.id').onDelete('set null'),
    )
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('severity', 'text', (col) => col.notNull().defaultTo('medium'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('query_id', 'text', (col) => col.references('queries.id').onDelete('set null'))
    .$call((b) => timestamps(kit, b))
    .execute();

  await db.schema
    .createTable('memories')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('database_id', 'text', (col) => col.notNull().references('databases.id').onDelete('cascade'))
    .addColumn('content', 'text', (col) => col.notNull())
    .$call((b) => timestamps(kit, b))
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', userFk)
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .execute();
}

/** Indexes for the lookups the features make, and for foreign keys that cascade deletes. */
const indexes: ReadonlyArray<readonly [table: string, columns: readonly string[]]> = [
  ['users', ['organization_id']],
  ['sessions', ['user_id']],
  ['sessions', ['expires_at']],
  ['databases', ['owner_id']],
  ['databases', ['organization_id']],
  ['projects', ['database_id']],
  ['projects', ['owner_id']],
  ['conversations', ['owner_id', 'context_id', 'updated_at']],
  ['conversations', ['database_id']],
  ['conversations', ['project_id']],
  ['queries', ['owner_id', 'is_saved']],
  ['queries', ['database_id']],
  ['queries', ['conversation_id']],
  ['charts', ['query_id']],
  ['messages', ['query_id']],
  ['messages', ['chart_id']],
  ['business_entities', ['database_id']],
  ['business_entities', ['review_conversation_id']],
  ['issues', ['database_id', 'status']],
  ['issues', ['business_entity_id']],
  ['issues', ['query_id']],
  ['memories', ['database_id']],
  ['credit_ledger', ['user_id']],
];

export const dropOrder = [
  'credit_ledger',
  'memories',
  'issues',
  'business_entities',
  'favorites',
  'messages',
  'charts',
  'queries',
  'conversations',
  'project_tables',
  'projects',
  'databases',
  'sessions',
  'users',
  'organizations',
] as const;

export function initialMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await createAll(db, kit);
      for (const [table, columns] of indexes) {
        await db.schema
          .createIndex(`${table}_${columns.join('_')}_idx`)
          .on(table)
          .columns([...columns])
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of dropOrder) await db.schema.dropTable(table).execute();
    },
  };
}
