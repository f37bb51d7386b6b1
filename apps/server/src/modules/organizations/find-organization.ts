import type { StoreDb } from '../../store/connect.ts';
import type { OrganizationRecord } from './organization-record.ts';
import { selectOrganization } from './organizations.repo.ts';

/** The organisation with this id, or null. */
export function findOrganization(db: StoreDb, id: string): Promise<OrganizationRecord | null> {
  return selectOrganization(db, id);
}
