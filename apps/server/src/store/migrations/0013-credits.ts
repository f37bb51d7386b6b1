import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * Credits as a ledger (hosted mode):
 * - credit_ledger gains what each entry is (kind), whose pool it belongs to (organization_id:
 *   null for the user's own balance), who made it (actor_id), what it was for (subject) and a
 *   unique idempotency key, so a retried turn or a replayed payment never counts twice.
 * - credit_holds: credits set aside for a turn or run under way; what may still be spent is the
 *   balance less the live holds, so concurrent turns cannot overspend.
 * - credit_accounts: one row per balance, updated to serialise the check-then-hold of one account
 *   on PostgreSQL (a row lock) as SQLite's single writer already does.
 * - credit_member_caps: the most a member may draw from their organisation's pool in a month.
 * - credit_subscriptions: the plan a balance is on and when its monthly allowance is next due.
 * - messages.usage: what the turn answering a question cost (tokens and credits).
 */
export function creditsMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('credit_ledger')
        .addColumn('kind', 'text', (col) => col.notNull().defaultTo('grant'))
        .execute();
      await db.schema
        .alterTable('credit_ledger')
        .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('cascade'))
        .execute();
      await db.schema
        .alterTable('credit_ledger')
        .addColumn('actor_id', 'text', (col) => col.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('credit_ledger').addColumn('subject', 'text').execute();
      await db.schema.alterTable('messages').addColumn('usage', kit.json).execute();
      await db.schema.alterTable('credit_ledger').addColumn('idempotency_key', 'text').execute();
      await db.schema
        .createIndex('credit_ledger_idempotency_key_unique')
        .on('credit_ledger')
        .column('idempotency_key')
        .unique()
        .execute();
      await db.schema
        .createIndex('credit_ledger_organization_user_idx')
        .on('credit_ledger')
        .columns(['organization_id', 'user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('credit_holds')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('cascade'))
        .addColumn('amount', 'integer', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('expires_at', kit.timestamp, (col) => col.notNull())
        .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
        .execute();
      await db.schema
        .createIndex('credit_holds_account_idx')
        .on('credit_holds')
        .columns(['organization_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('credit_accounts')
        .addColumn('account', 'text', (col) => col.primaryKey())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('credit_member_caps')
        .addColumn('organization_id', 'text', (col) =>
          col.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('monthly_cap', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('credit_member_caps_pk', ['organization_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('credit_subscriptions')
        .addColumn('account', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('cascade'))
        .addColumn('plan_id', 'text', (col) => col.notNull())
        .addColumn('renews_at', kit.timestamp, (col) => col.notNull())
        .addColumn('created_at', kit.timestamp, (col) => col.notNull().defaultTo(kit.now))
        .execute();
      await db.schema
        .createIndex('credit_subscriptions_renews_at_idx')
        .on('credit_subscriptions')
        .column('renews_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('credit_subscriptions').execute();
      await db.schema.dropTable('credit_member_caps').execute();
      await db.schema.dropTable('credit_accounts').execute();
      await db.schema.dropTable('credit_holds').execute();
      await db.schema.dropIndex('credit_ledger_organization_user_idx').execute();
      await db.schema.dropIndex('credit_ledger_idempotency_key_unique').execute();
      await db.schema.alterTable('messages').dropColumn('usage').execute();
      for (const column of ['idempotency_key', 'subject', 'actor_id', 'organization_id', 'kind']) {
        await db.schema.alterTable('credit_ledger').dropColumn(column).execute();
      }
    },
  };
}
