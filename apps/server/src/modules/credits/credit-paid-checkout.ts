import { clockOf } from './credits-deps.ts';
import { changeCredits } from './grant-credits.ts';
import { grantAllowance } from './grant-allowance.ts';
import { isOver } from './merge-stripe-subscription.ts';
import { recordStripeSubscription } from './record-stripe-subscription.ts';
import { nextMonth } from './renew-allowances.ts';
import type { StripeCheckout } from './stripe-objects.ts';
import type { StripeEventDeps } from './stripe-payment-context.ts';
import { accountOf, planOf } from './stripe-payment-context.ts';
import { saveSubscription } from './subscriptions.repo.ts';

/**
 * A paid checkout: a pack of credits is credited once, keyed by the checkout. A plan bought as a
 * Stripe subscription puts the balance on that subscription and grants its first allowance keyed
 * by the subscription's first invoice — the same key `invoice.paid` uses, so whichever of the two
 * events comes first grants it and the other changes nothing. A plan checkout without a
 * subscription (an older integration) falls back to Querent's own monthly schedule.
 */
export async function creditPaidCheckout(deps: StripeEventDeps, checkout: StripeCheckout): Promise<boolean> {
  if (checkout.paymentStatus !== 'paid' && checkout.paymentStatus !== 'no_payment_required') return false;
  const { metadata } = checkout;
  const account = accountOf(metadata);
  if (account === null) return false;
  const now = clockOf(deps).toISOString();
  if (metadata.querent_kind === 'plan') {
    const plan = planOf(deps.plans, null, metadata);
    if (!plan) return false;
    const allowance = {
      account,
      amount: plan.monthlyCredits,
      reason: `${plan.name} plan, monthly allowance (paid)`,
      at: now,
    };
    if (checkout.subscriptionId !== null) {
      const subscription = await recordStripeSubscription(deps, {
        account,
        subscriptionId: checkout.subscriptionId,
        customerId: checkout.customerId,
        planId: plan.id,
        status: null,
        cancelAtPeriodEnd: null,
        periodEnd: null,
        eventAt: null,
      });
      if (subscription === null || isOver(subscription.status) || checkout.invoiceId === null) return false;
      const key = `stripe-invoice:${checkout.invoiceId}`;
      return (await grantAllowance(deps, { ...allowance, subject: key, idempotencyKey: key })).applied;
    }
    const key = `stripe-checkout:${checkout.id}`;
    const { applied } = await grantAllowance(deps, { ...allowance, subject: key, idempotencyKey: key });
    // Only the event that credited puts the balance on the plan, so a replay cannot move its date.
    if (applied) await saveSubscription(deps.db, account, { planId: plan.id, renewsAt: nextMonth(now) });
    return applied;
  }
  const credits = Number(metadata.querent_credits);
  if (!Number.isInteger(credits) || credits <= 0) return false;
  const key = `stripe-checkout:${checkout.id}`;
  const { applied } = await changeCredits(deps, {
    account,
    amount: credits,
    kind: 'purchase',
    reason: `${credits.toLocaleString('en')} credits bought`,
    actorId: null,
    subject: key,
    idempotencyKey: key,
  });
  return applied;
}
