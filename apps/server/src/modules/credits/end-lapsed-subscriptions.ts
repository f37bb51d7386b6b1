import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import { expireLastAllowance } from './grant-allowance.ts';
import { claimEnding, listLapsedSubscriptions } from './subscriptions.repo.ts';

const BATCH = 100;

/**
 * A canceled Stripe subscription keeps its last allowance until the end of the period it paid
 * for; then this writes off what is left and marks it ended. The expiry comes first and is keyed by
 * the allowance it ends, so instances ticking at once, or a retry after a crash between the two
 * steps, write it once; the conditional update says which instance ended it. Answers how many
 * subscriptions this instance ended.
 */
export async function endLapsedSubscriptions(deps: CreditsDeps): Promise<number> {
  const now = clockOf(deps).toISOString();
  let ended = 0;
  for (const lapsed of await listLapsedSubscriptions(deps.db, now, BATCH)) {
    if (lapsed.stripeSubscriptionId === null) continue;
    await expireLastAllowance(deps, { account: lapsed.account, until: lapsed.renewsAt });
    const claim = { account: lapsed.account, subscriptionId: lapsed.stripeSubscriptionId };
    if (await claimEnding(deps.db, claim)) ended += 1;
  }
  return ended;
}
