import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import type { ColumnKit } from './column-kit.ts';
import { columnKit } from './column-kit.ts';

/** Now: a star names its item in `query_id` or `chart_id`, exactly one, each a cascading foreign key. */
async function createItemKeyed(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query_id', 'text', (col) => col.references('queries.id').onDelete('cascade'))
    .addColumn('chart_id', 'text', (col) => col.references('charts.id').onDelete('cascade'))
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addUniqueConstraint('favorites_user_query_unique', ['user_id', 'query_id'])
    .addUniqueConstraint('favorites_user_chart_unique', ['user_id', 'chart_id'])
    .addCheckConstraint('favorites_one_item_check', sql`(query_id is null) <> (chart_id is null)`)
    .execute();
  // The cascades look stars up by item; the unique constraints serve the lookups by user.
  await db.schema.createIndex('favorites_query_id_idx').on('favorites').column('query_id').execute();
  await db.schema.createIndex('favorites_chart_id_idx').on('favorites').column('chart_id').execute();
}

/** Before: `item_type` + `item_id`, as 0001 created it. */
async function createTypeKeyed(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (col) => col.notNull())
    .addColumn('item_id', 'text', (col) => col.notNull())
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addUniqueConstraint('favorites_user_item_unique', ['user_id', 'item_type', 'item_id'])
    .addCheckConstraint('favorites_item_type_check', sql`item_type in ('query', 'chart')`)
    .execute();
}

/**
 * `favorites` pointed at a query or a chart through `item_type` + `item_id`, which no foreign key
 * can follow: when a database was deleted its queries and charts cascaded away, but every user's
 * stars on them stayed behind, hidden. Each star now names its item in a column of its own with a
 * cascading foreign key, so it goes with the item however the item goes (deleted itself, with its
 * query, its database or its owner). Stars already left behind are not carried over.
 *
 * The table is rebuilt (SQLite cannot add constraints to a table): copied aside, recreated,
 * filled back, on both dialects the same way so the constraints keep their usual names.
 */
export function favoritesCascadeWithTheirItemsMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await sql`
        create table favorites_copy as
        select f.id, f.user_id, q.id as query_id, c.id as chart_id, f.created_at
        from favorites f
        left join queries q on f.item_type = 'query' and q.id = f.item_id
        left join charts c on f.item_type = 'chart' and c.id = f.item_id
        where q.id is not null or c.id is not null
      `.execute(db);
      await db.schema.dropTable('favorites').execute();
      await createItemKeyed(db, kit);
      await sql`
        insert into favorites (id, user_id, query_id, chart_id, created_at)
        select id, user_id, query_id, chart_id, created_at from favorites_copy
      `.execute(db);
      await db.schema.dropTable('favorites_copy').execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`
        create table favorites_copy as
        select id, user_id,
          case when query_id is not null then 'query' else 'chart' end as item_type,
          coalesce(query_id, chart_id) as item_id,
          created_at
        from favorites
      `.execute(db);
      await db.schema.dropTable('favorites').execute();
      await createTypeKeyed(db, kit);
      await sql`
        insert into favorites (id, user_id, item_type, item_id, created_at)
        select id, user_id, item_type, item_id, created_at from favorites_copy
      `.execute(db);
      await db.schema.dropTable('favorites_copy').execute();
    },
  };
}
