import { clockOf } from './credits-deps.ts';
import { grantAllowance } from './grant-allowance.ts';
import { isOver } from './merge-stripe-subscription.ts';
import { recordStripeSubscription } from './record-stripe-subscription.ts';
import type { StripeInvoice, StripeSubscription } from './stripe-objects.ts';
import type { StripeEventDeps } from './stripe-payment-context.ts';
import { accountOf, planOf } from './stripe-payment-context.ts';

/** Invoices that pay for a period of the plan; proration and one-off invoices grant nothing. */
const periodInvoices = new Set(['subscription_create', 'subscription_cycle']);

/**
 * `customer.subscription.created|updated|deleted`: records the status, whether it ends at the
 * period's end, the plan (by its Stripe price) and the end of the period paid for, ordered by the
 * event's `created` time (merge-stripe-subscription.ts). A deleted subscription is canceled: it
 * grants nothing more, and its last allowance expires when the period paid for ends.
 */
export async function followSubscriptionEvent(
  deps: StripeEventDeps,
  event: { type: string; createdAt: string | null; subscription: StripeSubscription },
): Promise<void> {
  const { subscription } = event;
  const account = accountOf(subscription.metadata);
  if (account === null) return;
  const deleted = event.type === 'customer.subscription.deleted';
  await recordStripeSubscription(deps, {
    account,
    subscriptionId: subscription.id,
    customerId: subscription.customerId,
    planId: planOf(deps.plans, subscription.priceId, subscription.metadata)?.id ?? null,
    status: deleted ? 'canceled' : subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    periodEnd: subscription.periodEnd ?? subscription.endedAt,
    eventAt: event.createdAt ?? clockOf(deps).toISOString(),
  });
}

/**
 * `invoice.paid` (or `invoice.payment_succeeded`): grants the period's allowance once per invoice
 * (its id is the key, so either event, replayed, grants once), unless the subscription is over.
 * Answers whether this event granted it.
 */
export async function creditPaidInvoice(deps: StripeEventDeps, invoice: StripeInvoice): Promise<boolean> {
  if (invoice.subscriptionId === null) return false;
  if (invoice.billingReason !== null && !periodInvoices.has(invoice.billingReason)) return false;
  const account = accountOf(invoice.metadata);
  const plan = planOf(deps.plans, invoice.priceId, invoice.metadata);
  if (account === null || plan === null) return false;
  const subscription = await recordStripeSubscription(deps, {
    account,
    subscriptionId: invoice.subscriptionId,
    customerId: invoice.customerId,
    planId: plan.id,
    status: null,
    cancelAtPeriodEnd: null,
    periodEnd: invoice.periodEnd,
    eventAt: null,
  });
  if (subscription === null || isOver(subscription.status)) return false;
  const key = `stripe-invoice:${invoice.id}`;
  const { applied } = await grantAllowance(deps, {
    account,
    amount: plan.monthlyCredits,
    reason: `${plan.name} plan, monthly allowance (paid)`,
    subject: key,
    idempotencyKey: key,
    at: clockOf(deps).toISOString(),
  });
  return applied;
}
