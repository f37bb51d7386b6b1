import type { StoreDb } from '../../store/connect.ts';
import { listOrganizations } from '../organizations/list-organizations.ts';

/** Every organisation's name by id, to name people's organisations in a list. */
export async function organizationNames(db: StoreDb): Promise<Map<string, string>> {
  return new Map((await listOrganizations(db)).map((organization) => [organization.id, organization.name]));
}
