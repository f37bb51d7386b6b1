import type { Selectable } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { CreditSubscriptionsTable, SubscriptionStatus } from '../../store/schema.ts';
import { nowIso, readBool } from '../../store/values.ts';
import type { CreditAccount } from './credit-account.ts';
import { accountKey } from './credit-account.ts';

/* The plans balances are on (credit_subscriptions); the only SQL for that table. */

export interface SubscriptionRecord {
  account: CreditAccount;
  planId: string;
  /** The next allowance's due date; for a Stripe subscription, the end of the period paid for. */
  renewsAt: string;
  status: SubscriptionStatus;
  /** Null for a plan an administrator set: Querent's schedule renews it. */
  stripeSubscriptionId: string | null;
  stripeCustomerId: string | null;
  cancelAtPeriodEnd: boolean;
  stripeEventAt: string | null;
}

function toRecord(row: Selectable<CreditSubscriptionsTable>): SubscriptionRecord {
  return {
    account: { userId: row.user_id, organizationId: row.organization_id },
    planId: row.plan_id,
    renewsAt: row.renews_at,
    status: row.status,
    stripeSubscriptionId: row.stripe_subscription_id,
    stripeCustomerId: row.stripe_customer_id,
    cancelAtPeriodEnd: readBool(row.cancel_at_period_end),
    stripeEventAt: row.stripe_event_at,
  };
}

export async function findSubscription(
  db: StoreDb,
  account: CreditAccount,
): Promise<SubscriptionRecord | null> {
  const row = await db
    .selectFrom('credit_subscriptions')
    .selectAll()
    .where('account', '=', accountKey(account))
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Puts a balance on a plan (replacing any other), first due at `renewsAt`; null takes it off. */
export async function saveSubscription(
  db: StoreDb,
  account: CreditAccount,
  plan: { planId: string; renewsAt: string } | null,
): Promise<void> {
  await db.deleteFrom('credit_subscriptions').where('account', '=', accountKey(account)).execute();
  if (plan === null) return;
  await db
    .insertInto('credit_subscriptions')
    .values({
      account: accountKey(account),
      user_id: account.userId,
      organization_id: account.organizationId,
      plan_id: plan.planId,
      renews_at: plan.renewsAt,
      created_at: nowIso(),
    })
    .execute();
}

/** Writes a subscription whole (a Stripe one as its events describe it), replacing the balance's row. */
export async function replaceSubscription(db: StoreDb, record: SubscriptionRecord): Promise<void> {
  await db.deleteFrom('credit_subscriptions').where('account', '=', accountKey(record.account)).execute();
  await db
    .insertInto('credit_subscriptions')
    .values({
      account: accountKey(record.account),
      user_id: record.account.userId,
      organization_id: record.account.organizationId,
      plan_id: record.planId,
      renews_at: record.renewsAt,
      status: record.status,
      stripe_subscription_id: record.stripeSubscriptionId,
      stripe_customer_id: record.stripeCustomerId,
      cancel_at_period_end: record.cancelAtPeriodEnd,
      stripe_event_at: record.stripeEventAt,
      created_at: nowIso(),
    })
    .execute();
}

/** Plans Querent renews itself (set by an administrator) whose allowance is due. */
export async function listDueSubscriptions(
  db: StoreDb,
  now: string,
  limit: number,
): Promise<SubscriptionRecord[]> {
  const rows = await db
    .selectFrom('credit_subscriptions')
    .selectAll()
    .where('renews_at', '<=', now)
    .where('stripe_subscription_id', 'is', null)
    .where('status', '=', 'active')
    .orderBy('renews_at')
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

/** Stripe subscriptions that were canceled and whose paid period is over. */
export async function listLapsedSubscriptions(
  db: StoreDb,
  now: string,
  limit: number,
): Promise<SubscriptionRecord[]> {
  const rows = await db
    .selectFrom('credit_subscriptions')
    .selectAll()
    .where('renews_at', '<=', now)
    .where('status', '=', 'canceled')
    .orderBy('renews_at')
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

/**
 * Moves a subscription's due date from `from` to `to` only if no one did it first: the instance
 * whose update changes the row is the one that grants the allowance.
 */
export async function claimRenewal(
  db: StoreDb,
  input: { account: CreditAccount; from: string; to: string },
): Promise<boolean> {
  const result = await db
    .updateTable('credit_subscriptions')
    .set({ renews_at: input.to })
    .where('account', '=', accountKey(input.account))
    .where('renews_at', '=', input.from)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a canceled subscription ended, only if no one did it first: that instance expires its allowance. */
export async function claimEnding(
  db: StoreDb,
  input: { account: CreditAccount; subscriptionId: string },
): Promise<boolean> {
  const result = await db
    .updateTable('credit_subscriptions')
    .set({ status: 'ended' })
    .where('account', '=', accountKey(input.account))
    .where('stripe_subscription_id', '=', input.subscriptionId)
    .where('status', '=', 'canceled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
