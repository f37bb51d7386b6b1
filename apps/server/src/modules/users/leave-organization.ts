import type { StoreDb } from '../../store/connect.ts';
import type { MoveOwnedObjects } from './move-to-organization.ts';
import { updateUserInTransaction } from './move-to-organization.ts';
import type { User } from './user.ts';
import { findMembersOf } from './users.repo.ts';

/**
 * Everyone in the organisation is left without one, taking what they own along (as any move
 * does), inside the caller's transaction. Answers who they were.
 */
export async function takeEveryoneOutOf(
  trx: StoreDb,
  moveOwnedObjects: MoveOwnedObjects,
  organizationId: string,
): Promise<User[]> {
  const members = await findMembersOf(trx, organizationId);
  for (const member of members) {
    await updateUserInTransaction(trx, moveOwnedObjects, member, { organizationId: null });
  }
  return members;
}
