import type { CreditPlan } from '../../config/settings/credits.ts';
import type { StripeConfig } from '../../config/settings/payments.ts';
import { AppError } from '../../errors.ts';
import type { CreditAccount } from './credit-account.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import { changeCredits } from './grant-credits.ts';
import { nextMonth } from './renew-allowances.ts';
import type { StripeClient } from './stripe-client.ts';
import { saveSubscription } from './subscriptions.repo.ts';

/** Checkout events that may say a checkout is paid; any other event is acknowledged and ignored. */
const paidEvents = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

interface CheckoutObject {
  id: string;
  payment_status: string;
  metadata: Record<string, string> | null;
}

function accountOf(metadata: Record<string, string>): CreditAccount | null {
  const userId = metadata.querent_user_id;
  if (!userId) return null;
  return { userId, organizationId: metadata.querent_organization_id || null };
}

/**
 * A Stripe webhook: believed only when its signature matches STRIPE_WEBHOOK_SECRET (a tampered or
 * unsigned one is refused), and credited once per checkout whatever the order and number of its
 * events: the checkout's id is the ledger entry's idempotency key. A checkout paid later (bank
 * debits) is credited by the event that says so, before or after the one that completed it.
 */
export async function receiveStripeEvent(
  deps: CreditsDeps & {
    plans: readonly CreditPlan[];
    stripe: { config: StripeConfig; client: () => Promise<StripeClient> } | null;
  },
  input: { payload: Buffer; signature: string | undefined },
): Promise<{ credited: boolean }> {
  const secret = deps.stripe?.config.webhookSecret ?? null;
  if (deps.stripe === null || secret === null)
    throw new AppError('NOT_FOUND', 'Payments are not set up on this server');
  if (!input.signature) throw new AppError('BAD_REQUEST', 'The Stripe-Signature header is missing');
  const stripe = await deps.stripe.client();
  let event: { id: string; type: string; data: { object: unknown } };
  try {
    event = stripe.webhooks.constructEvent(input.payload, input.signature, secret);
  } catch {
    throw new AppError('BAD_REQUEST', 'The Stripe signature does not match this event');
  }
  if (!paidEvents.has(event.type)) return { credited: false };
  const checkout = event.data.object as CheckoutObject;
  if (checkout.payment_status !== 'paid' && checkout.payment_status !== 'no_payment_required') {
    return { credited: false };
  }
  const metadata = checkout.metadata ?? {};
  const account = accountOf(metadata);
  if (account === null) return { credited: false };
  const key = `stripe-checkout:${checkout.id}`;
  if (metadata.querent_kind === 'plan') {
    const plan = deps.plans.find((candidate) => candidate.id === metadata.querent_plan_id);
    if (!plan) return { credited: false };
    const { applied } = await changeCredits(deps, {
      account,
      amount: plan.monthlyCredits,
      kind: 'allowance',
      reason: `${plan.name} plan, first monthly allowance (paid)`,
      actorId: null,
      subject: key,
      idempotencyKey: key,
    });
    // Only the event that credited puts the balance on the plan, so a replay cannot move its date.
    if (applied) {
      await saveSubscription(deps.db, account, {
        planId: plan.id,
        renewsAt: nextMonth(clockOf(deps).toISOString()),
      });
    }
    return { credited: applied };
  }
  const credits = Number(metadata.querent_credits);
  if (!Number.isInteger(credits) || credits <= 0) return { credited: false };
  const { applied } = await changeCredits(deps, {
    account,
    amount: credits,
    kind: 'purchase',
    reason: `${credits.toLocaleString('en')} credits bought`,
    actorId: null,
    subject: key,
    idempotencyKey: key,
  });
  return { credited: applied };
}
