import { AppError } from '../../errors.ts';
import { findOrganizationName } from '../organizations/find-organization-name.ts';
import { findUser, findUserWithEmail } from '../users/find-user.ts';
import type { CreditAccount } from './credit-account.ts';

export interface CreditTarget {
  userId?: string | undefined;
  email?: string | undefined;
  organizationId?: string | undefined;
}

/**
 * The balance an administrator names: an organisation's pool (recorded as changed by them), or a
 * user's own balance found by id or email. 404 naming the field when there is no such one.
 */
export async function resolveCreditTarget(
  db: Parameters<typeof findUser>[0],
  admin: { id: string },
  target: CreditTarget,
): Promise<CreditAccount> {
  if (target.organizationId !== undefined) {
    if ((await findOrganizationName(db, target.organizationId)) === null) {
      throw new AppError('NOT_FOUND', 'Organisation not found', { field: 'organization_id' });
    }
    return { userId: admin.id, organizationId: target.organizationId };
  }
  if (target.email !== undefined) {
    const user = await findUserWithEmail(db, target.email);
    if (!user) throw new AppError('NOT_FOUND', 'No user has this email', { field: 'email' });
    return { userId: user.id, organizationId: null };
  }
  const user = await findUser(db, target.userId ?? '');
  if (!user) throw new AppError('NOT_FOUND', 'User not found', { field: 'user_id' });
  return { userId: user.id, organizationId: null };
}
