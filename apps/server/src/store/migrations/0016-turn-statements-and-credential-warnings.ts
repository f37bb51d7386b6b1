import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * - turn_statements: the SQL a turn is running on a user's database, by the database's own id of
 *   the session running it (MySQL's CONNECTION_ID()), so that when the instance answering dies,
 *   the one closing its turn as interrupted can stop that SQL in the database.
 * - databases.credential_warning: what the database's login may do beyond reading, as last
 *   measured when it was tested or saved, so the database page can show it on every visit.
 */
export function turnStatementsAndCredentialWarningsMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('turn_statements')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('conversation_id', 'text', (col) =>
          col.notNull().references('conversations.id').onDelete('cascade'),
        )
        .addColumn('database_id', 'text', (col) =>
          col.notNull().references('databases.id').onDelete('cascade'),
        )
        .addColumn('server_session', 'text', (col) => col.notNull())
        .addColumn('started_at', kit.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('turn_statements_conversation_id_idx')
        .on('turn_statements')
        .column('conversation_id')
        .execute();
      await db.schema.alterTable('databases').addColumn('credential_warning', kit.json).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('databases').dropColumn('credential_warning').execute();
      await db.schema.dropIndex('turn_statements_conversation_id_idx').execute();
      await db.schema.dropTable('turn_statements').execute();
    },
  };
}
