import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../connect.ts';
import { columnKit } from './column-kit.ts';

/**
 * Plans bought through Stripe follow Stripe's own subscription: credit_subscriptions learns which
 * Stripe subscription and customer a balance is on, the subscription's status (Stripe's words,
 * plus Querent's `ended` once the last allowance was written off), whether it ends at the period's
 * end, and the time of the newest Stripe event applied, so an older event never undoes a newer one.
 * Rows from before are plans an administrator set: active, renewed by Querent's own schedule.
 */
export function stripeSubscriptionsMigration(dialect: StoreDialect): Migration {
  const kit = columnKit(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('credit_subscriptions')
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
        .execute();
      await db.schema
        .alterTable('credit_subscriptions')
        .addColumn('stripe_subscription_id', 'text')
        .execute();
      await db.schema.alterTable('credit_subscriptions').addColumn('stripe_customer_id', 'text').execute();
      await db.schema
        .alterTable('credit_subscriptions')
        .addColumn('cancel_at_period_end', kit.bool, (col) => col.notNull().defaultTo(kit.falseValue))
        .execute();
      await db.schema
        .alterTable('credit_subscriptions')
        .addColumn('stripe_event_at', kit.timestamp)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of [
        'stripe_event_at',
        'cancel_at_period_end',
        'stripe_customer_id',
        'stripe_subscription_id',
        'status',
      ]) {
        await db.schema.alterTable('credit_subscriptions').dropColumn(column).execute();
      }
    },
  };
}
