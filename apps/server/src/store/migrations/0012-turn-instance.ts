import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * conversations.turn_instance: which instance answers the running turn. An instance that comes
 * back after a crash closes its own turns at once instead of waiting for their leases to lapse.
 */
export function turnInstanceMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('conversations').addColumn('turn_instance', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('conversations').dropColumn('turn_instance').execute();
    },
  };
}
