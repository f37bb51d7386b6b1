import { lockAccount } from './credit-ledger.repo.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import type { StripeSubscriptionFacts } from './merge-stripe-subscription.ts';
import { mergeStripeSubscription } from './merge-stripe-subscription.ts';
import { nextMonth } from './renew-allowances.ts';
import type { SubscriptionRecord } from './subscriptions.repo.ts';
import { findSubscription, replaceSubscription } from './subscriptions.repo.ts';

/**
 * Applies what a Stripe event says to the balance's subscription, with the account locked so two
 * events at once are applied one after the other. Answers the subscription as it now stands when
 * it is the one the event is about, else null (the event was about a subscription this balance
 * is not on).
 */
export async function recordStripeSubscription(
  deps: CreditsDeps,
  facts: StripeSubscriptionFacts,
): Promise<SubscriptionRecord | null> {
  const fallbackRenewsAt = nextMonth(clockOf(deps).toISOString());
  return deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, facts.account);
    const current = await findSubscription(trx, facts.account);
    const next = mergeStripeSubscription(current, facts, fallbackRenewsAt);
    if (next === null) return null;
    await replaceSubscription(trx, next);
    return next;
  });
}
