import type { ServerUser } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { findOrganizationName } from '../organizations/find-organization-name.ts';
import { presentUser } from './present-user.ts';
import type { User } from '../users/user.ts';

/**
 * GET /api/user: the user, and for a member of an organisation its name too (the profile page
 * shows it). A user without one gets exactly the specified fields.
 */
export async function describeSignedInUser(deps: { db: StoreDb }, user: User): Promise<ServerUser> {
  if (user.organizationId === null) return presentUser(user);
  return {
    ...presentUser(user),
    organization_name: await findOrganizationName(deps.db, user.organizationId),
  };
}
