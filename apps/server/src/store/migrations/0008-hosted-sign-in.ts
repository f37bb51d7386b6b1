import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import type { ColumnKit } from './column-kit.ts';
import { columnKit } from './column-kit.ts';

const userFk = 'users.id';

async function createSessions(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references(userFk).onDelete('cascade'))
    .addColumn('id_token', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addColumn('last_seen_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addColumn('idle_expires_at', kit.timestamp, (col) => col.notNull())
    .addColumn('expires_at', kit.timestamp, (col) => col.notNull())
    .addColumn('revoked_at', kit.timestamp)
    .execute();
}

/** The sessions table as 0001 made it, for `down`. */
async function createFirstSessions(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references(userFk).onDelete('cascade'))
    .addColumn('expires_at', kit.timestamp, (col) => col.notNull())
    .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .addColumn('last_seen_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
    .execute();
}

async function indexSessions(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
}

/**
 * What hosted sign-in (OpenID Connect) keeps in the store:
 * - sessions, rebuilt: an idle and an absolute expiry, a revocation time, the device (user agent,
 *   address) for the user's list of sessions, and the ID token to name at the provider's logout.
 *   No session was ever created before this (there was no sign-in), so nothing is carried over.
 * - sign_in_attempts: the PKCE verifier and nonce of a sign-in under way, keyed by its `state`, so
 *   whichever instance receives the provider's callback can finish it, once.
 * - users.oidc_issuer beside oidc_subject (a subject is only unique within its issuer), and
 *   users.deactivated_at: a deactivated user keeps their data but can no longer sign in.
 * - organizations.external_key: the organisation claim's value that names an organisation at the
 *   sign-in service, unique so two instances seeing a new one at once create it once.
 */
export function hostedSignInMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('sessions').execute();
      await createSessions(db, kit);
      await indexSessions(db);

      await db.schema
        .createTable('sign_in_attempts')
        .addColumn('state', 'text', (col) => col.primaryKey())
        .addColumn('code_verifier', 'text', (col) => col.notNull())
        .addColumn('nonce', 'text', (col) => col.notNull())
        .addColumn('return_to', 'text')
        .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
        .addColumn('expires_at', kit.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_attempts_expires_at_idx')
        .on('sign_in_attempts')
        .column('expires_at')
        .execute();

      await db.schema.alterTable('users').addColumn('oidc_issuer', 'text').execute();
      await db.schema.alterTable('users').addColumn('deactivated_at', kit.timestamp).execute();

      await db.schema.alterTable('organizations').addColumn('external_key', 'text').execute();
      await db.schema
        .createIndex('organizations_external_key_unique')
        .on('organizations')
        .column('external_key')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('organizations_external_key_unique').execute();
      await db.schema.alterTable('organizations').dropColumn('external_key').execute();
      await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
      await db.schema.alterTable('users').dropColumn('oidc_issuer').execute();
      await db.schema.dropTable('sign_in_attempts').execute();
      await db.schema.dropTable('sessions').execute();
      await createFirstSessions(db, kit);
      await indexSessions(db);
    },
  };
}
