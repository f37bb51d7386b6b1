import type { Actor } from '../access/can.ts';
import { authorizeOwnCredits } from './authorize-credits.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import { measureBalance } from './measure-balance.ts';
import { ensureSignupGrant } from './signup-grant.ts';
import { spendingAccount } from './spending-account.ts';

export interface CreditBalance {
  creditsRemaining: number;
  /** True when credits are not enforced, as in local mode, where use is unlimited. */
  unlimited: boolean;
}

/** What the user may still spend, from the balance they draw on (their own or their organisation's). */
export async function getCreditBalance(
  deps: CreditsDeps & { creditsEnforced: boolean },
  input: { user: Actor },
): Promise<CreditBalance> {
  authorizeOwnCredits(input.user);
  if (!deps.creditsEnforced) {
    // Local mode: unlimited; the number shown is the ledger's, which nothing spends.
    const { remaining } = await measureBalance(
      deps.db,
      { userId: input.user.id, organizationId: null },
      clockOf(deps),
    );
    return { creditsRemaining: remaining, unlimited: true };
  }
  await ensureSignupGrant(deps, input.user.id);
  const account = await spendingAccount(deps.db, input.user);
  const { remaining } = await measureBalance(deps.db, account, clockOf(deps));
  return { creditsRemaining: remaining, unlimited: false };
}
