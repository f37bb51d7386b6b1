import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * What Querent's OAuth authorization server (for MCP clients) keeps, so that every instance
 * answers every step: one table for all of its records (registered clients, interactions,
 * authorization codes, access and refresh tokens, grants, sessions), keyed by kind (`model`) and
 * id, with the columns it looks them up by (`grant_id` to revoke a grant's tokens at once, `uid`
 * for an interaction, `user_code`), their expiry and when a single-use one was consumed.
 */
export function oauthMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('oauth_records')
        .addColumn('model', 'text', (col) => col.notNull())
        .addColumn('id', 'text', (col) => col.notNull())
        .addColumn('payload', kit.json, (col) => col.notNull())
        .addColumn('grant_id', 'text')
        .addColumn('uid', 'text')
        .addColumn('user_code', 'text')
        .addColumn('expires_at', kit.timestamp)
        .addColumn('consumed_at', kit.timestamp)
        .addPrimaryKeyConstraint('oauth_records_pk', ['model', 'id'])
        .execute();
      await db.schema
        .createIndex('oauth_records_grant_id_idx')
        .on('oauth_records')
        .column('grant_id')
        .execute();
      await db.schema.createIndex('oauth_records_uid_idx').on('oauth_records').column('uid').execute();
      await db.schema
        .createIndex('oauth_records_expires_at_idx')
        .on('oauth_records')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('oauth_records').execute();
    },
  };
}
