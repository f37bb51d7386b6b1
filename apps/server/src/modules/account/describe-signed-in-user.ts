import type { ServerUser } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { authorizeKind } from '../access/authorize.ts';
import { can } from '../access/can.ts';
import { findOrganizationName } from '../organizations/find-organization-name.ts';
import { organizationSubject } from '../organizations/organization-subject.ts';
import { presentUser } from './present-user.ts';
import type { User } from '../users/user.ts';
import { userSubject } from '../users/user-subject.ts';

/**
 * GET /api/user: the user's own account, and for a member of an organisation its name too (the
 * profile page shows it), each as the policy lets them read it.
 */
export async function describeSignedInUser(deps: { db: StoreDb }, user: User): Promise<ServerUser> {
  authorizeKind(user, 'read', userSubject(user), 'You may not see this account');
  if (user.organizationId === null || !can(user, 'read', organizationSubject(user.organizationId))) {
    return presentUser(user);
  }
  return {
    ...presentUser(user),
    organization_name: await findOrganizationName(deps.db, user.organizationId),
  };
}
