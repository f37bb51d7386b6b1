import type { CreditPlan } from '../../config/settings/credits.ts';
import { AppError } from '../../errors.ts';
import type { CreditAccount } from './credit-account.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import { renewAllowances } from './renew-allowances.ts';
import { saveSubscription } from './subscriptions.repo.ts';

/**
 * Puts a balance on a plan (an administrator's choice, or a paid checkout): the first allowance is
 * due at once and granted now, the next a month later. A null plan takes the balance off its plan.
 */
export async function subscribeToPlan(
  deps: CreditsDeps & { plans: readonly CreditPlan[] },
  input: { account: CreditAccount; planId: string | null },
): Promise<void> {
  if (input.planId !== null && !deps.plans.some((plan) => plan.id === input.planId)) {
    throw new AppError('BAD_REQUEST', 'No plan has this id', { field: 'plan_id' });
  }
  const renewsAt = clockOf(deps).toISOString();
  await saveSubscription(
    deps.db,
    input.account,
    input.planId === null ? null : { planId: input.planId, renewsAt },
  );
  if (input.planId !== null) await renewAllowances(deps);
}
