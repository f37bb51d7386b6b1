import type { StoreDb } from '../../store/connect.ts';
import type { MoveOwnedObjects } from './move-to-organization.ts';
import type { User } from './user.ts';
import { findMembersOf, leaveOrganization } from './users.repo.ts';

/**
 * Everyone in the organisation is left without one, taking what they own along (as any move
 * does), inside the caller's transaction. Someone an administrator moved elsewhere meanwhile stays
 * where they were moved. Answers who left.
 */
export async function takeEveryoneOutOf(
  trx: StoreDb,
  moveOwnedObjects: MoveOwnedObjects,
  organizationId: string,
): Promise<User[]> {
  const left: User[] = [];
  for (const member of await findMembersOf(trx, organizationId)) {
    const out = await leaveOrganization(trx, member.id, organizationId);
    if (out === null) continue;
    await moveOwnedObjects(trx, out.id, null);
    left.push(out);
  }
  return left;
}
