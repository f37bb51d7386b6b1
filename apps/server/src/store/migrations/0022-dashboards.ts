import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * Dashboards and their tiles. A dashboard is private until its owner shares it with their
 * organisation (`shared`) or makes it public (`public`); `version` counts its changes so a stale
 * layout is refused. A tile is a saved query (`query_id`), a metric query (`metric_query` on
 * `database_id`) or Markdown (`text`), at x, y, w, h on a 12-column grid. Tiles go with their
 * dashboard; a deleted saved query or database leaves its tile in place with a null reference, so
 * the dashboard says what was lost instead of silently changing shape.
 */
export function dashboardsMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dashboards')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('description', 'text')
        .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('shared', kit.bool, (col) => col.notNull().defaultTo(kit.falseValue))
        .addColumn('public', kit.bool, (col) => col.notNull().defaultTo(kit.falseValue))
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
        .addColumn('updated_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
        .execute();
      await db.schema.createIndex('dashboards_owner_id_idx').on('dashboards').column('owner_id').execute();
      await db.schema
        .createTable('dashboard_tiles')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('dashboard_id', 'text', (col) =>
          col.notNull().references('dashboards.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (col) => col.notNull().check(kindCheck()))
        .addColumn('title', 'text')
        .addColumn('query_id', 'text', (col) => col.references('queries.id').onDelete('set null'))
        .addColumn('database_id', 'text', (col) => col.references('databases.id').onDelete('set null'))
        .addColumn('metric_query', kit.json)
        .addColumn('text', 'text')
        .addColumn('chart', kit.json)
        .addColumn('x', 'integer', (col) => col.notNull())
        .addColumn('y', 'integer', (col) => col.notNull())
        .addColumn('w', 'integer', (col) => col.notNull())
        .addColumn('h', 'integer', (col) => col.notNull())
        .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
        // Each kind keeps what it is made of (a query tile's query may be deleted later).
        .addCheckConstraint(
          'dashboard_tiles_metric_has_query',
          sql`kind <> 'metric' or metric_query is not null`,
        )
        .addCheckConstraint('dashboard_tiles_text_has_text', sql`kind <> 'text' or text is not null`)
        .execute();
      await db.schema
        .createIndex('dashboard_tiles_dashboard_id_idx')
        .on('dashboard_tiles')
        .column('dashboard_id')
        .execute();
      // Deleting a saved query or a database looks for the tiles naming it.
      await db.schema
        .createIndex('dashboard_tiles_query_id_idx')
        .on('dashboard_tiles')
        .column('query_id')
        .execute();
      await db.schema
        .createIndex('dashboard_tiles_database_id_idx')
        .on('dashboard_tiles')
        .column('database_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('dashboard_tiles').execute();
      await db.schema.dropTable('dashboards').execute();
    },
  };
}

function kindCheck() {
  return sql`kind in ('query', 'metric', 'text')`;
}
