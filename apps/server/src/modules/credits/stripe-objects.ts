import type { SubscriptionStatus } from '../../store/schema.ts';

/*
 * Reading the Stripe objects Querent acts on from an event's JSON. A webhook endpoint sends events
 * in its own API version, so both the current shapes (an invoice's subscription under
 * `parent.subscription_details`, a period on each subscription item) and the older ones (top-level
 * `subscription`, `current_period_end`) are read. Ids may come as strings or expanded objects.
 */

type Json = Record<string, unknown>;

function object(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** An id given as is, or inside an expanded object. */
function idOf(value: unknown): string | null {
  return text(value) ?? text(object(value)?.id);
}

function metadataOf(value: unknown): Record<string, string> {
  const entries = Object.entries(object(value) ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return Object.fromEntries(entries);
}

/** Stripe's times are seconds since the epoch. */
export function stripeTime(value: unknown): string | null {
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000).toISOString() : null;
}

function firstOf(list: unknown): Json | null {
  const data = object(list)?.data;
  return Array.isArray(data) ? object(data[0]) : null;
}

export interface StripeCheckout {
  id: string;
  mode: string | null;
  paymentStatus: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  /** The first invoice of a subscription checkout. */
  invoiceId: string | null;
  metadata: Record<string, string>;
}

export function readCheckout(value: unknown): StripeCheckout | null {
  const session = object(value);
  const id = text(session?.id);
  if (session === null || id === null) return null;
  return {
    id,
    mode: text(session.mode),
    paymentStatus: text(session.payment_status),
    subscriptionId: idOf(session.subscription),
    customerId: idOf(session.customer),
    invoiceId: idOf(session.invoice),
    metadata: metadataOf(session.metadata),
  };
}

const statuses: readonly SubscriptionStatus[] = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'paused',
  'incomplete',
  'incomplete_expired',
  'canceled',
];

export interface StripeSubscription {
  id: string;
  customerId: string | null;
  status: SubscriptionStatus | null;
  cancelAtPeriodEnd: boolean;
  priceId: string | null;
  periodEnd: string | null;
  endedAt: string | null;
  metadata: Record<string, string>;
}

export function readSubscription(value: unknown): StripeSubscription | null {
  const subscription = object(value);
  const id = text(subscription?.id);
  if (subscription === null || id === null) return null;
  const item = firstOf(subscription.items);
  const status = statuses.find((known) => known === subscription.status) ?? null;
  return {
    id,
    customerId: idOf(subscription.customer),
    status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    priceId: idOf(item?.price),
    periodEnd: stripeTime(item?.current_period_end) ?? stripeTime(subscription.current_period_end),
    endedAt: stripeTime(subscription.ended_at),
    metadata: metadataOf(subscription.metadata),
  };
}

export interface StripeInvoice {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  billingReason: string | null;
  /** The subscription's metadata, copied onto the invoice by Stripe. */
  metadata: Record<string, string>;
  priceId: string | null;
  periodEnd: string | null;
}

export function readInvoice(value: unknown): StripeInvoice | null {
  const invoice = object(value);
  const id = text(invoice?.id);
  if (invoice === null || id === null) return null;
  const details =
    object(object(invoice.parent)?.subscription_details) ?? object(invoice.subscription_details);
  const line = firstOf(invoice.lines);
  const priceDetails = object(object(line?.pricing)?.price_details);
  return {
    id,
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(details?.subscription) ?? idOf(invoice.subscription),
    billingReason: text(invoice.billing_reason),
    metadata: metadataOf(details?.metadata),
    priceId: idOf(priceDetails?.price) ?? idOf(line?.price),
    periodEnd: stripeTime(object(line?.period)?.end),
  };
}
