import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * - settings: small instance-wide facts, such as "the demo database was created once" so a user
 *   who deletes it does not see it come back on the next start;
 * - databases.dbt_summary: what the uploaded dbt files document, kept beside them so listing
 *   databases never parses the (large) files.
 */
export function settingsAndDbtSummaryMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', kit.json, (col) => col.notNull())
        .addColumn('updated_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
        .execute();
      await db.schema.alterTable('databases').addColumn('dbt_summary', kit.json).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('databases').dropColumn('dbt_summary').execute();
      await db.schema.dropTable('settings').execute();
    },
  };
}
