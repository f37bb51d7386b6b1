import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * API keys for scripts and MCP clients:
 * - api_keys: one row per key. Only a SHA-256 of the secret is kept (`token_hash`, unique, which
 *   is how a request finds its key), with its first characters to tell keys apart (`prefix`), its
 *   name, scopes (JSON list), expiry, last use and revocation. `user_id` is who the key acts as:
 *   its maker, or for an organisation key (`organization_id` set) that key's service account.
 * - users.service_account: a user that is an organisation key's identity, not a person: nobody
 *   signs in as it, and the people page does not list it.
 */
export function apiKeysMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('service_account', kit.bool, (col) => col.notNull().defaultTo(kit.falseValue))
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('prefix', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('scopes', kit.json, (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('cascade'))
        .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
        .addColumn('expires_at', kit.timestamp)
        .addColumn('last_used_at', kit.timestamp)
        .addColumn('revoked_at', kit.timestamp)
        .execute();
      await db.schema.createIndex('api_keys_user_id_idx').on('api_keys').column('user_id').execute();
      await db.schema
        .createIndex('api_keys_organization_id_idx')
        .on('api_keys')
        .column('organization_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_keys').execute();
      await db.schema.alterTable('users').dropColumn('service_account').execute();
    },
  };
}
