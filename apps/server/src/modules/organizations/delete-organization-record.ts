import type { StoreDb } from '../../store/connect.ts';
import { nowIso } from '../../store/values.ts';
import { markOrganizationDeleted } from './organizations.repo.ts';

/**
 * Marks the organisation deleted; call it first in the deleting transaction: on PostgreSQL that
 * locks its row, so a person being moved into it meanwhile waits and then finds it gone
 * (`holdLiveOrganization`). False when there is no such organisation.
 */
export function deleteOrganizationRecord(db: StoreDb, id: string): Promise<boolean> {
  return markOrganizationDeleted(db, id, nowIso());
}
