import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/** Tables whose rows are private to their owner until shared with the owner's organisation. */
const privateUntilShared = ['conversations', 'queries', 'charts'] as const;

/**
 * `shared`: whether a row is shared with its owner's organisation. Conversations, queries and charts
 * start private (a favourite is its owner's alone); databases start shared (as they were), except uploads, which the
 * upload use case creates private.
 */
export function sharingMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  const trueValue = dialect === 'postgres' ? sql`true` : sql`1`;
  return {
    async up(db: Kysely<unknown>) {
      for (const table of privateUntilShared) {
        await db.schema
          .alterTable(table)
          .addColumn('shared', kit.bool, (col) => col.notNull().defaultTo(kit.falseValue))
          .execute();
      }
      await db.schema
        .alterTable('databases')
        .addColumn('shared', kit.bool, (col) => col.notNull().defaultTo(trueValue))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [...privateUntilShared, 'databases']) {
        await db.schema.alterTable(table).dropColumn('shared').execute();
      }
    },
  };
}
