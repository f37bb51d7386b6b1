import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The query history (GET /api/query-history) reads one user's latest runs on one database; every
 * run adds a row, so without this index the list would sort all of a user's runs on each visit.
 * Charts are looked up by owner for the same reason as other owned tables.
 */
export function queryHistoryIndexMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('queries_owner_id_database_id_ran_at_idx')
        .on('queries')
        .columns(['owner_id', 'database_id', 'ran_at'])
        .execute();
      await db.schema.createIndex('charts_owner_id_idx').on('charts').column('owner_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('charts_owner_id_idx').execute();
      await db.schema.dropIndex('queries_owner_id_database_id_ran_at_idx').execute();
    },
  };
}
