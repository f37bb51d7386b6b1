import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * Public links of dashboards: the SHA-256 of a random token (the token itself is shown once and
 * never stored), who made the link (the tiles run as them), and when it expires. A revoked link
 * is deleted; links go with their dashboard and with their creator.
 */
export function dashboardLinksMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dashboard_links')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('dashboard_id', 'text', (col) =>
          col.notNull().references('dashboards.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('created_by', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', kit.timestamp)
        .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
        .execute();
      await db.schema
        .createIndex('dashboard_links_dashboard_id_idx')
        .on('dashboard_links')
        .column('dashboard_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('dashboard_links').execute();
    },
  };
}
