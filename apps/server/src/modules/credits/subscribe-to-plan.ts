import type { CreditPlan } from '../../config/settings/credits.ts';
import { AppError } from '../../errors.ts';
import type { CreditAccount } from './credit-account.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import { expireLastAllowance } from './grant-allowance.ts';
import { isOver } from './merge-stripe-subscription.ts';
import { renewAllowances } from './renew-allowances.ts';
import { findSubscription, saveSubscription } from './subscriptions.repo.ts';

/**
 * Puts a balance on a plan (an administrator's choice): the first allowance is due at once and
 * granted now (the previous plan's unspent allowance expiring), the next a month later. A null plan
 * takes the balance off its plan and its current allowance's unspent part expires now: nobody paid
 * for the rest of its period. A plan paid through Stripe is left to Stripe: changing it here would
 * not stop Stripe billing, and its next invoice would put it back.
 */
export async function subscribeToPlan(
  deps: CreditsDeps & { plans: readonly CreditPlan[] },
  input: { account: CreditAccount; planId: string | null },
): Promise<void> {
  if (input.planId !== null && !deps.plans.some((plan) => plan.id === input.planId)) {
    throw new AppError('BAD_REQUEST', 'No plan has this id', { field: 'plan_id' });
  }
  const current = await findSubscription(deps.db, input.account);
  if (current?.stripeSubscriptionId && !isOver(current.status)) {
    throw new AppError('CONFLICT', 'This plan is paid through Stripe: change or cancel it there', {
      field: 'plan_id',
    });
  }
  const renewsAt = clockOf(deps).toISOString();
  await saveSubscription(
    deps.db,
    input.account,
    input.planId === null ? null : { planId: input.planId, renewsAt },
  );
  if (input.planId !== null) await renewAllowances(deps);
  else if (current !== null) {
    // The period ends just after now, so what was spent this very instant still counts in it.
    const until = new Date(clockOf(deps).getTime() + 1).toISOString();
    await expireLastAllowance(deps, { account: input.account, until });
  }
}
