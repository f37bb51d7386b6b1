import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * organizations.deleted_at: when an administrator deleted it. The row stays, because the credit
 * ledger's entries (and members' caps) name it and are never lost; a deleted organisation is
 * listed nowhere and nobody belongs to it. One the sign-in service names comes back (deleted_at
 * null again) when one of its members next signs in.
 */
export function organizationDeletionMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('organizations').addColumn('deleted_at', kit.timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('organizations').dropColumn('deleted_at').execute();
    },
  };
}
