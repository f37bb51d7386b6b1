import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * A dashboard's filters: a JSON list of `{ name, label, kind, bindings }`, each binding naming a
 * tile and the column (query tiles) or semantic-model dimension (metric tiles) the filter drives.
 * Kept on the dashboard, not on the tiles, because a filter is one control driving many tiles and
 * is changed, like the layout, under the dashboard's version. Null means none.
 */
export function dashboardFiltersMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('dashboards').addColumn('filters', kit.json).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('dashboards').dropColumn('filters').execute();
    },
  };
}
