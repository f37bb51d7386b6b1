import type { StoreDb } from '../../store/connect.ts';
import { countMembersByOrganization } from './users.repo.ts';

/** How many people belong to each organisation that has any. */
export function countMembers(db: StoreDb): Promise<Map<string, number>> {
  return countMembersByOrganization(db);
}
