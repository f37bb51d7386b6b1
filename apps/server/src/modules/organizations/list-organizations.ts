import type { StoreDb } from '../../store/connect.ts';
import type { OrganizationRecord } from './organization-record.ts';
import { selectOrganizations } from './organizations.repo.ts';

/** Every organisation, by name. */
export function listOrganizations(db: StoreDb): Promise<OrganizationRecord[]> {
  return selectOrganizations(db);
}
