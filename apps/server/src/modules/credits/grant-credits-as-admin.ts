import { AppError } from '../../errors.ts';
import { findOrganizationName } from '../organizations/find-organization-name.ts';
import { findUser } from '../users/find-user.ts';
import type { User } from '../users/user.ts';
import type { CreditAccount } from './credit-account.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { changeCredits } from './grant-credits.ts';
import { requireCreditsAdmin } from './require-credits-admin.ts';
import { ensureSignupGrant } from './signup-grant.ts';

/**
 * An administrator adds or removes credits of a user's own balance or an organisation's pool, with
 * a reason kept in the ledger beside their id. Credits only count in hosted mode.
 */
export async function grantCreditsAsAdmin(
  deps: CreditsDeps & { creditsEnforced: boolean },
  input: {
    user: User;
    target: { userId?: string | undefined; organizationId?: string | undefined };
    amount: number;
    reason: string;
  },
): Promise<{ creditsRemaining: number }> {
  requireCreditsAdmin(input.user);
  if (!deps.creditsEnforced) {
    throw new AppError('CONFLICT', 'Credits are unlimited in local mode; there is nothing to grant');
  }
  let account: CreditAccount;
  if (input.target.organizationId !== undefined) {
    if ((await findOrganizationName(deps.db, input.target.organizationId)) === null) {
      throw new AppError('NOT_FOUND', 'Organisation not found', { field: 'organization_id' });
    }
    account = { userId: input.user.id, organizationId: input.target.organizationId };
  } else {
    const userId = input.target.userId ?? '';
    if ((await findUser(deps.db, userId)) === null) {
      throw new AppError('NOT_FOUND', 'User not found', { field: 'user_id' });
    }
    // Their start credits first, so a removal counts from what they really have.
    await ensureSignupGrant(deps, userId);
    account = { userId, organizationId: null };
  }
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
