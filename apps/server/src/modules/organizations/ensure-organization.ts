import type { StoreDb } from '../../store/connect.ts';
import { ensureOrganizationByExternalKey } from './organizations.repo.ts';

/** The id of the organisation a sign-in service names `key`, made the first time it is seen. */
export function ensureOrganization(db: StoreDb, key: string): Promise<string> {
  return ensureOrganizationByExternalKey(db, key);
}
