import type { CreditPlans } from '@querent/contracts';
import type { CreditPlan } from '../../config/settings/credits.ts';
import type { User } from '../users/user.ts';
import { mayManageSubscription } from './authorize-credits.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { getCreditBalance } from './get-credit-balance.ts';
import { isOver } from './merge-stripe-subscription.ts';
import { spendingAccount } from './spending-account.ts';
import { findSubscription } from './subscriptions.repo.ts';

/** What /subscribe shows: the plans, the user's balance and the plan that balance is on. */
export async function listCreditPlans(
  deps: CreditsDeps & {
    creditsEnforced: boolean;
    plans: readonly CreditPlan[];
    checkout: boolean;
    pricePerQuery: number;
  },
  input: { user: User },
): Promise<CreditPlans> {
  const balance = await getCreditBalance(deps, { user: input.user });
  const subscription = deps.creditsEnforced
    ? await findSubscription(deps.db, await spendingAccount(deps.db, input.user))
    : null;
  return {
    plans: deps.plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      monthly_credits: plan.monthlyCredits,
      price: plan.price,
      payment_link: plan.paymentLink,
      buy_online: deps.creditsEnforced && deps.checkout && plan.stripePrice !== null,
    })),
    credits_remaining: balance.creditsRemaining,
    unlimited: balance.unlimited,
    subscription:
      subscription && subscription.status !== 'ended'
        ? {
            plan_id: subscription.planId,
            renews_at: subscription.renewsAt,
            status: subscription.status,
            cancel_at_period_end: subscription.cancelAtPeriodEnd,
            manage_online:
              deps.checkout &&
              subscription.stripeCustomerId !== null &&
              !isOver(subscription.status) &&
              mayManageSubscription(input.user, subscription.account),
          }
        : null,
    checkout: deps.creditsEnforced && deps.checkout,
    price_per_query: deps.creditsEnforced ? deps.pricePerQuery : 0,
  };
}
