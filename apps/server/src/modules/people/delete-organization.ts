import { AppError } from '../../errors.ts';
import { organizationBalance } from '../credits/organization-balance.ts';
import { findOrganization } from '../organizations/find-organization.ts';
import { deleteOrganizationRecord } from '../organizations/delete-organization-record.ts';
import { unshareOwnedObjects } from '../ownership/unshare-owned-objects.ts';
import { takeEveryoneOutOf } from '../users/leave-organization.ts';
import type { PeopleDeps } from './people-deps.ts';

/**
 * An administrator deletes an organisation. Its people stay, without an organisation, with what
 * they own (nothing owned is deleted); what they shared with it becomes theirs alone again. Its
 * credit ledger is kept (the row is only marked deleted), but credits left in its pool could no
 * longer be spent, so a positive balance is refused unless the administrator says `force`.
 * All in one transaction: a half-deleted organisation is never seen.
 */
export async function deleteOrganization(
  deps: Pick<PeopleDeps, 'db' | 'moveOwnedObjects'>,
  input: { id: string; force: boolean },
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const organization = await findOrganization(trx, input.id);
    if (organization === null || !(await deleteOrganizationRecord(trx, organization.id))) {
      throw new AppError('NOT_FOUND', 'Organisation not found');
    }
    const balance = await organizationBalance(trx, organization.id);
    if (balance > 0 && !input.force) {
      throw new AppError(
        'CONFLICT',
        `"${organization.name}" still has ${balance} credits, which nobody could spend once it is deleted. Delete it anyway with force=true (its credit history is kept).`,
        { field: 'force' },
      );
    }
    const members = await takeEveryoneOutOf(trx, deps.moveOwnedObjects, organization.id);
    for (const member of members) await unshareOwnedObjects(trx, member.id);
  });
}
