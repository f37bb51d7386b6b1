import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * A saved query can carry the question it answers and be marked verified by a person: the
 * analyst then takes the most relevant verified ones of a database as worked examples. The index
 * serves that lookup (verified queries of one database).
 */
export function verifiedQueriesMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('queries').addColumn('question', 'text').execute();
      await db.schema
        .alterTable('queries')
        .addColumn('verified', kit.bool, (col) => col.notNull().defaultTo(kit.falseValue))
        .execute();
      await db.schema
        .createIndex('queries_database_id_verified_idx')
        .on('queries')
        .columns(['database_id', 'verified'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('queries_database_id_verified_idx').execute();
      await db.schema.alterTable('queries').dropColumn('verified').execute();
      await db.schema.alterTable('queries').dropColumn('question').execute();
    },
  };
}
