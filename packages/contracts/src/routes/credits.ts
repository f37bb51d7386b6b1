import {
  creditGrantResultSchema,
  creditGrantSchema,
  creditHistorySchema,
  creditCheckoutResultSchema,
  creditCheckoutSchema,
  creditPlansSchema,
  creditPortalResultSchema,
  creditSubscriptionChangeSchema,
  creditUsageQuerySchema,
  creditUsageSchema,
  memberCapSchema,
  stripeWebhookResultSchema,
} from '../credits.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['credits'];

export const creditRoutes = {
  'GET /api/user/credits/history': route({
    summary: 'The balance the user draws on, with its latest ledger entries',
    tags,
    auth: 'required',
    response: creditHistorySchema,
  }),
  'POST /api/credits/grants': route({
    summary: 'Add or remove credits of a user or an organisation (administrators)',
    description:
      'A positive amount adds credits, a negative one removes them (never more than are free); the reason is kept in the ledger with who made the change. Only in hosted mode, where credits count.',
    tags,
    auth: 'required',
    body: creditGrantSchema,
    response: creditGrantResultSchema,
  }),
  'GET /api/credits/plans': route({
    summary: 'The plans on offer, the balance the user draws on and the plan it is on',
    tags,
    auth: 'required',
    response: creditPlansSchema,
  }),
  'PUT /api/credits/subscriptions': route({
    summary: 'Put a user or an organisation on a plan, or take it off (administrators)',
    description:
      'The plan’s first monthly allowance is granted at once, the next ones every month after; each allowance’s unspent part expires when the next comes, or at once when the balance is taken off its plan. 409 for a balance on a plan paid through Stripe (changed or cancelled there).',
    tags,
    auth: 'required',
    body: creditSubscriptionChangeSchema,
    status: 204,
  }),
  'POST /api/credits/checkout': route({
    summary: 'Open a Stripe Checkout for a plan or a pack of credits',
    description:
      'Answers the checkout page to send the browser to; the balance is credited when Stripe reports the payment to the webhook. 409 when Stripe is not set up.',
    tags,
    auth: 'required',
    body: creditCheckoutSchema,
    response: creditCheckoutResultSchema,
  }),
  'POST /api/credits/portal': route({
    summary: "Open Stripe's billing portal to cancel or change the plan bought through Stripe",
    description:
      'Answers the portal page to send the browser to; Stripe reports what changed to the webhook. Only the person who subscribed or an administrator; 409 when Stripe is not set up or the balance is on no Stripe subscription.',
    tags,
    auth: 'required',
    response: creditPortalResultSchema,
  }),
  'POST /api/credits/stripe/webhook': route({
    kind: 'upload',
    summary: 'Stripe events (signed with STRIPE_WEBHOOK_SECRET)',
    description:
      'The raw event as Stripe sends it with its Stripe-Signature header. A bad signature answers 400. A paid checkout or subscription invoice is credited once, however often and in whatever order its events come; subscription events keep the plan’s status, an older event never undoing a newer one.',
    tags,
    auth: 'public',
    response: stripeWebhookResultSchema,
  }),
  'PUT /api/credits/member-caps': route({
    summary: "Cap what a member may draw from their organisation's pool each month (administrators)",
    tags,
    auth: 'required',
    body: memberCapSchema,
    status: 204,
  }),
  'GET /api/credits/usage': route({
    summary: 'Use of credits per user and per organisation (administrators)',
    tags,
    auth: 'required',
    query: creditUsageQuerySchema,
    response: creditUsageSchema,
  }),
  'GET /api/credits/usage.csv': route({
    kind: 'download',
    summary: 'The same use of credits as CSV (administrators)',
    tags,
    auth: 'required',
    query: creditUsageQuerySchema,
  }),
} satisfies RouteTable;
