import type { SubscriptionStatus } from '../../store/schema.ts';
import type { CreditAccount } from './credit-account.ts';
import type { SubscriptionRecord } from './subscriptions.repo.ts';

/** What one Stripe event says about a subscription; null where it says nothing. */
export interface StripeSubscriptionFacts {
  account: CreditAccount;
  subscriptionId: string;
  customerId: string | null;
  planId: string | null;
  status: SubscriptionStatus | null;
  cancelAtPeriodEnd: boolean | null;
  /** The end of the period paid for. */
  periodEnd: string | null;
  /**
   * The event's `created` time for a subscription event, which orders states; null for a checkout
   * or an invoice, which only fill in what is unknown and extend the period paid for.
   */
  eventAt: string | null;
}

/** A subscription that is over: Stripe never revives a canceled one. */
export function isOver(status: SubscriptionStatus): boolean {
  return status === 'canceled' || status === 'ended' || status === 'incomplete_expired';
}

/** Only what was missing: the customer, for the billing portal. */
function fillIn(current: SubscriptionRecord, facts: StripeSubscriptionFacts): SubscriptionRecord {
  return { ...current, stripeCustomerId: current.stripeCustomerId ?? facts.customerId };
}

/**
 * The balance's subscription after a Stripe event, or null when the event must not touch it.
 * Events come late, twice and out of order, so:
 * - a subscription that is over stays over (a late "updated" cannot undo a "deleted");
 * - a subscription event older than the newest applied one changes nothing;
 * - another subscription replaces the balance's plan only when that plan is not a live Stripe
 *   subscription (one balance, one plan: plans are changed in Stripe's billing portal) and the
 *   event is not older than the newest one applied, and a subscription first heard of as
 *   canceled does not end a plan an administrator set.
 */
export function mergeStripeSubscription(
  current: SubscriptionRecord | null,
  facts: StripeSubscriptionFacts,
  fallbackRenewsAt: string,
): SubscriptionRecord | null {
  if (current === null || current.stripeSubscriptionId !== facts.subscriptionId) {
    const liveStripe = current !== null && current.stripeSubscriptionId !== null && !isOver(current.status);
    // A late event of a subscription older than the one the balance was last told about.
    const older =
      facts.eventAt !== null && current?.stripeEventAt != null && facts.eventAt < current.stripeEventAt;
    if (liveStripe || older || facts.planId === null) return null;
    const status = facts.status ?? 'active';
    if (isOver(status) && current !== null && current.stripeSubscriptionId === null) return null;
    return {
      account: facts.account,
      planId: facts.planId,
      renewsAt: facts.periodEnd ?? fallbackRenewsAt,
      status,
      stripeSubscriptionId: facts.subscriptionId,
      stripeCustomerId: facts.customerId,
      cancelAtPeriodEnd: facts.cancelAtPeriodEnd ?? false,
      stripeEventAt: facts.eventAt,
    };
  }
  if (isOver(current.status)) return fillIn(current, facts);
  if (facts.eventAt === null) {
    const later = facts.periodEnd !== null && facts.periodEnd > current.renewsAt;
    return { ...fillIn(current, facts), renewsAt: later ? (facts.periodEnd as string) : current.renewsAt };
  }
  if (current.stripeEventAt !== null && facts.eventAt < current.stripeEventAt) return fillIn(current, facts);
  return {
    ...fillIn(current, facts),
    planId: facts.planId ?? current.planId,
    renewsAt: facts.periodEnd ?? current.renewsAt,
    status: facts.status ?? current.status,
    cancelAtPeriodEnd: facts.cancelAtPeriodEnd ?? current.cancelAtPeriodEnd,
    stripeEventAt: facts.eventAt,
  };
}
