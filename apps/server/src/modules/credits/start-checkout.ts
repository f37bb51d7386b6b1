import type { CreditPlan } from '../../config/settings/credits.ts';
import type { StripeConfig } from '../../config/settings/payments.ts';
import { AppError } from '../../errors.ts';
import type { User } from '../users/user.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { isOver } from './merge-stripe-subscription.ts';
import { spendingAccount } from './spending-account.ts';
import type { StripeClient } from './stripe-client.ts';
import { findSubscription } from './subscriptions.repo.ts';

export interface CheckoutDeps extends CreditsDeps {
  plans: readonly CreditPlan[];
  stripe: { config: StripeConfig; client: () => Promise<StripeClient> } | null;
  /** Where Stripe sends the browser back. */
  publicUrl: string;
}

/**
 * Opens a Stripe Checkout for a plan (its recurring price) or a pack of credits; the balance named
 * in its metadata is credited from the webhook once Stripe says it is paid, never from here.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  input: { user: User; planId?: string | undefined; credits?: number | undefined },
): Promise<{ url: string }> {
  if (deps.stripe === null) throw new AppError('CONFLICT', 'Payments are not set up on this server');
  const account = await spendingAccount(deps.db, input.user);
  const metadata: Record<string, string> = {
    querent_user_id: account.userId,
    querent_organization_id: account.organizationId ?? '',
  };
  const back = {
    success_url: `${deps.publicUrl}/subscribe?checkout=done`,
    cancel_url: `${deps.publicUrl}/subscribe?checkout=cancelled`,
    client_reference_id: input.user.id,
  };
  const stripe = await deps.stripe.client();
  if (input.planId !== undefined) {
    const plan = deps.plans.find((candidate) => candidate.id === input.planId);
    if (!plan) throw new AppError('BAD_REQUEST', 'No plan has this id', { field: 'plan_id' });
    if (plan.stripePrice === null) {
      throw new AppError('CONFLICT', `The ${plan.name} plan cannot be bought online`, { field: 'plan_id' });
    }
    // One balance, one Stripe subscription: a second would bill twice. Plans change in the portal.
    const current = await findSubscription(deps.db, account);
    if (current?.stripeSubscriptionId && !isOver(current.status)) {
      throw new AppError('CONFLICT', 'Change or cancel your plan with Manage subscription', {
        field: 'plan_id',
      });
    }
    const planMetadata = { ...metadata, querent_kind: 'plan', querent_plan_id: plan.id };
    const session = await stripe.checkout.sessions.create({
      ...back,
      mode: 'subscription',
      line_items: [{ price: plan.stripePrice, quantity: 1 }],
      metadata: planMetadata,
      // Copied by Stripe onto the subscription and its invoices: their events name the balance.
      subscription_data: { metadata: planMetadata },
    });
    return { url: session.url ?? '' };
  }
  const credits = input.credits ?? 0;
  const session = await stripe.checkout.sessions.create({
    ...back,
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: deps.stripe.config.currency,
          unit_amount: credits * deps.stripe.config.centsPerCredit,
          product_data: { name: `${credits.toLocaleString('en')} Querent credits` },
        },
      },
    ],
    metadata: { ...metadata, querent_kind: 'pack', querent_credits: String(credits) },
  });
  return { url: session.url ?? '' };
}
