import type { StoreDb } from '../../store/connect.ts';
import { nowIso } from '../../store/values.ts';
import type { CreditAccount } from './credit-account.ts';
import { accountKey } from './credit-account.ts';

/* The plans balances are on (credit_subscriptions); the only SQL for that table. */

export interface SubscriptionRecord {
  account: CreditAccount;
  planId: string;
  renewsAt: string;
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
  return row
    ? {
        account: { userId: row.user_id, organizationId: row.organization_id },
        planId: row.plan_id,
        renewsAt: row.renews_at,
      }
    : null;
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

export async function listDueSubscriptions(
  db: StoreDb,
  now: string,
  limit: number,
): Promise<SubscriptionRecord[]> {
  const rows = await db
    .selectFrom('credit_subscriptions')
    .selectAll()
    .where('renews_at', '<=', now)
    .orderBy('renews_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    account: { userId: row.user_id, organizationId: row.organization_id },
    planId: row.plan_id,
    renewsAt: row.renews_at,
  }));
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
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
