import { AppError } from '../../errors.ts';
import type { User } from '../users/user.ts';
import { authorizeSubscriptionManagement } from './authorize-credits.ts';
import type { CheckoutDeps } from './start-checkout.ts';
import { isOver } from './merge-stripe-subscription.ts';
import { spendingAccount } from './spending-account.ts';
import { findSubscription } from './subscriptions.repo.ts';

/**
 * Opens Stripe's customer portal for the Stripe subscription the user's balance is on: there they
 * cancel it (at the period's end, as the portal is set up), change plan or card, and see invoices;
 * Stripe's events then tell Querent. Who may is the policy's `subscription` rule: the person
 * whose checkout started it, or an administrator — another member of an organisation whose pool it
 * pays for may not.
 */
export async function openBillingPortal(deps: CheckoutDeps, input: { user: User }): Promise<{ url: string }> {
  if (deps.stripe === null) throw new AppError('CONFLICT', 'Payments are not set up on this server');
  const account = await spendingAccount(deps.db, input.user);
  const subscription = await findSubscription(deps.db, account);
  if (subscription?.stripeCustomerId == null || isOver(subscription.status)) {
    throw new AppError('CONFLICT', 'There is no subscription bought through Stripe to manage');
  }
  authorizeSubscriptionManagement(input.user, subscription.account);
  const stripe = await deps.stripe.client();
  const session = await stripe.billingPortal.sessions.create({
    customer: subscription.stripeCustomerId,
    return_url: `${deps.publicUrl}/subscribe`,
  });
  return { url: session.url };
}
