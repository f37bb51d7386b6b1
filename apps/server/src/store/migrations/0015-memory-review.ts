import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Memory a person reviews: a fact the analyst saves waits (`status` pending) until a person
 * approves it; `source` says whether the model or a person wrote it, and `conversation_id` where
 * the model learnt it. Facts remembered before this were already in use, so they stay approved.
 */
export function memoryReviewMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('memories')
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('approved'))
        .execute();
      await db.schema
        .alterTable('memories')
        .addColumn('source', 'text', (col) => col.notNull().defaultTo('model'))
        .execute();
      await db.schema
        .alterTable('memories')
        .addColumn('conversation_id', 'text', (col) =>
          col.references('conversations.id').onDelete('set null'),
        )
        .execute();
      await db.schema
        .createIndex('memories_conversation_id_idx')
        .on('memories')
        .column('conversation_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('memories_conversation_id_idx').execute();
      await db.schema.alterTable('memories').dropColumn('conversation_id').execute();
      await db.schema.alterTable('memories').dropColumn('source').execute();
      await db.schema.alterTable('memories').dropColumn('status').execute();
    },
  };
}
