import type { StoreDb } from '../../store/connect.ts';
import type { OrganizationRecord } from './organization-record.ts';
import { lockLiveOrganization, selectOrganization } from './organizations.repo.ts';

/** The organisation with this id, or null. */
export function findOrganization(db: StoreDb, id: string): Promise<OrganizationRecord | null> {
  return selectOrganization(db, id);
}

/**
 * Whether the organisation exists (not deleted), holding it until the transaction ends, for a
 * change that puts someone in it: a deletion under way is waited for, then seen.
 */
export function holdLiveOrganization(db: StoreDb, id: string): Promise<boolean> {
  return lockLiveOrganization(db, id);
}
