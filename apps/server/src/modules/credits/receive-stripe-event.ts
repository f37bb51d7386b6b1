import type { StripeConfig } from '../../config/settings/payments.ts';
import { AppError } from '../../errors.ts';
import { creditPaidCheckout } from './credit-paid-checkout.ts';
import { creditPaidInvoice, followSubscriptionEvent } from './follow-stripe-subscription.ts';
import type { StripeClient } from './stripe-client.ts';
import { readCheckout, readInvoice, readSubscription, stripeTime } from './stripe-objects.ts';
import type { StripeEventDeps } from './stripe-payment-context.ts';

/** Checkout events that may say a checkout is paid. */
const paidCheckoutEvents = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);
const paidInvoiceEvents = new Set(['invoice.paid', 'invoice.payment_succeeded']);
const subscriptionEvents = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/**
 * A Stripe webhook: believed only when its signature matches STRIPE_WEBHOOK_SECRET (a tampered or
 * unsigned one is refused), then handed to what it is about — a paid checkout, a paid invoice, a
 * subscription's change. Each credits once whatever the order and number of its events; any other
 * event is acknowledged and ignored. `credited` says whether this event added credits.
 */
export async function receiveStripeEvent(
  deps: StripeEventDeps & {
    stripe: { config: StripeConfig; client: () => Promise<StripeClient> } | null;
  },
  input: { payload: Buffer; signature: string | undefined },
): Promise<{ credited: boolean }> {
  const secret = deps.stripe?.config.webhookSecret ?? null;
  if (deps.stripe === null || secret === null)
    throw new AppError('NOT_FOUND', 'Payments are not set up on this server');
  if (!input.signature) throw new AppError('BAD_REQUEST', 'The Stripe-Signature header is missing');
  const stripe = await deps.stripe.client();
  let event: { type: string; created?: number; data: { object: unknown } };
  try {
    event = stripe.webhooks.constructEvent(input.payload, input.signature, secret);
  } catch {
    throw new AppError('BAD_REQUEST', 'The Stripe signature does not match this event');
  }
  const object = event.data.object;
  if (paidCheckoutEvents.has(event.type)) {
    const checkout = readCheckout(object);
    return { credited: checkout !== null && (await creditPaidCheckout(deps, checkout)) };
  }
  if (paidInvoiceEvents.has(event.type)) {
    const invoice = readInvoice(object);
    return { credited: invoice !== null && (await creditPaidInvoice(deps, invoice)) };
  }
  if (subscriptionEvents.has(event.type)) {
    const subscription = readSubscription(object);
    if (subscription !== null) {
      await followSubscriptionEvent(deps, {
        type: event.type,
        createdAt: stripeTime(event.created),
        subscription,
      });
    }
  }
  return { credited: false };
}
