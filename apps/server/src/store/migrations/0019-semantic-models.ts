import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * The semantic model of each database: `semantic_models` holds the current model (null until a
 * person saves one) with its version, and the pending proposal (from a person's request or Scan
 * auto) beside it, so a proposal never overwrites the saved model. `semantic_model_history` keeps
 * one row per saved version: the model as it was, who, when, and what changed in words.
 */
export function semanticModelsMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('semantic_models')
        .addColumn('database_id', 'text', (col) =>
          col.primaryKey().references('databases.id').onDelete('cascade'),
        )
        .addColumn('model', kit.json)
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('updated_at', kit.timestamp)
        .addColumn('updated_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('proposal', kit.json)
        .addColumn('proposal_source', 'text')
        .addColumn('proposed_at', kit.timestamp)
        .addColumn('proposed_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('semantic_model_history')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('database_id', 'text', (col) =>
          col.notNull().references('databases.id').onDelete('cascade'),
        )
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('model', kit.json, (col) => col.notNull())
        .addColumn('summary', 'text', (col) => col.notNull())
        .addColumn('changed_at', kit.timestamp, (col) => col.notNull())
        .addColumn('changed_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addUniqueConstraint('semantic_model_history_version_unique', ['database_id', 'version'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('semantic_model_history').execute();
      await db.schema.dropTable('semantic_models').execute();
    },
  };
}
