import type { StoreDb } from '../../store/connect.ts';
import { selectOrganizationName } from './organizations.repo.ts';

/** The organisation's name, or null when there is no such organisation. */
export function findOrganizationName(db: StoreDb, id: string): Promise<string | null> {
  return selectOrganizationName(db, id);
}
