import { AppError } from '../../errors.ts';
import { findUser } from '../users/find-user.ts';
import type { User } from '../users/user.ts';
import { saveMemberCap } from './credit-ledger.repo.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { authorizeCreditsAdministration } from './authorize-credits.ts';

/** An administrator caps (or with null uncaps) a member's monthly share of their organisation's pool. */
export async function capMember(
  deps: CreditsDeps,
  input: { user: User; memberId: string; monthlyCap: number | null },
): Promise<void> {
  authorizeCreditsAdministration(input.user, 'edit');
  const member = await findUser(deps.db, input.memberId);
  if (!member) throw new AppError('NOT_FOUND', 'User not found', { field: 'user_id' });
  if (member.organizationId === null) {
    throw new AppError('BAD_REQUEST', 'This user belongs to no organisation', { field: 'user_id' });
  }
  await saveMemberCap(deps.db, {
    organizationId: member.organizationId,
    userId: member.id,
    monthlyCap: input.monthlyCap,
  });
}
