import type { CreditPlan } from '../../config/settings/credits.ts';
import type { CreditAccount } from './credit-account.ts';
import type { CreditsDeps } from './credits-deps.ts';

/** What the handlers of Stripe's events need. */
export type StripeEventDeps = CreditsDeps & { plans: readonly CreditPlan[] };

/** The balance a checkout (and the subscription it starts) was opened for, from its metadata. */
export function accountOf(metadata: Record<string, string>): CreditAccount | null {
  const userId = metadata.querent_user_id;
  if (!userId) return null;
  return { userId, organizationId: metadata.querent_organization_id || null };
}

/** The plan a Stripe price is sold as, else the one named in the metadata. */
export function planOf(
  plans: readonly CreditPlan[],
  priceId: string | null,
  metadata: Record<string, string>,
): CreditPlan | null {
  return (
    plans.find((plan) => priceId !== null && plan.stripePrice === priceId) ??
    plans.find((plan) => plan.id === metadata.querent_plan_id) ??
    null
  );
}
