import { AppError } from '../../errors.ts';
import type { User } from '../users/user.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { changeCredits } from './grant-credits.ts';
import { authorizeCreditsAdministration } from './authorize-credits.ts';
import type { CreditTarget } from './resolve-credit-target.ts';
import { resolveCreditTarget } from './resolve-credit-target.ts';
import { ensureSignupGrant } from './signup-grant.ts';

/** Credits only count in hosted mode: changing them in local mode would be a confusing no-op. */
export function requireCreditsEnforced(deps: { creditsEnforced: boolean }): void {
  if (!deps.creditsEnforced) {
    throw new AppError('CONFLICT', 'Credits are unlimited in local mode; there is nothing to change');
  }
}

/**
 * An administrator adds or removes credits of a user's own balance or an organisation's pool, with
 * a reason kept in the ledger beside their id.
 */
export async function grantCreditsAsAdmin(
  deps: CreditsDeps & { creditsEnforced: boolean },
  input: { user: User; target: CreditTarget; amount: number; reason: string },
): Promise<{ creditsRemaining: number }> {
  authorizeCreditsAdministration(input.user, 'edit');
  requireCreditsEnforced(deps);
  const account = await resolveCreditTarget(deps.db, input.user, input.target);
  // Their start credits first, so a removal counts from what they really have.
  if (account.organizationId === null) await ensureSignupGrant(deps, account.userId);
  const { remaining } = await changeCredits(deps, {
    account,
    amount: input.amount,
    kind: 'grant',
    reason: input.reason,
    actorId: input.user.id,
    subject: null,
    idempotencyKey: null,
  });
  return { creditsRemaining: remaining };
}
