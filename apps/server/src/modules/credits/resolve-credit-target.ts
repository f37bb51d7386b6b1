import { AppError } from '../../errors.ts';
import { findOrganizationName } from '../organizations/find-organization-name.ts';
import { findUser, findUserWithEmail } from '../users/find-user.ts';
import type { CreditAccount } from './credit-account.ts';
import { spendingAccount } from './spending-account.ts';

export interface CreditTarget {
  userId?: string | undefined;
  email?: string | undefined;
  organizationId?: string | undefined;
}

/**
 * The balance an administrator names: an organisation's pool (recorded as changed by them), or a
 * user's own balance found by id or email. 404 naming the field when there is no such one; 409
 * for a person who draws on their organisation's pool, whose own balance would never be spent.
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
  const field = target.email !== undefined ? 'email' : 'user_id';
  const user =
    target.email !== undefined
      ? await findUserWithEmail(db, target.email)
      : await findUser(db, target.userId ?? '');
  if (!user) {
    throw new AppError('NOT_FOUND', field === 'email' ? 'No user has this email' : 'User not found', {
      field,
    });
  }
  const drawsOn = await spendingAccount(db, user);
  if (drawsOn.organizationId !== null) {
    const pool = (await findOrganizationName(db, drawsOn.organizationId)) ?? 'their organisation';
    throw new AppError(
      'CONFLICT',
      `${user.email ?? 'This person'} draws on the credit pool of ${pool}: grant to the organisation, or set their monthly cap`,
      { field },
    );
  }
  return { userId: user.id, organizationId: null };
}
