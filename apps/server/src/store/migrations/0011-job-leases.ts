import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * - job_leases: which instance runs a periodic job shared by all of them (the removal of
 *   anonymous visitors, for one) and until when, so that of several instances one runs it.
 * - an index on users (role, created_at), which that removal looks anonymous visitors up by.
 */
export function jobLeasesMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('owner', 'text', (col) => col.notNull())
        .addColumn('expires_at', kit.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('users_role_created_at_idx')
        .on('users')
        .columns(['role', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('users_role_created_at_idx').execute();
      await db.schema.dropTable('job_leases').execute();
    },
  };
}
