import type { Organizations } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import { listOrganizations } from '../organizations/list-organizations.ts';
import { countMembers } from '../users/count-members.ts';
import type { PeopleDeps } from './people-deps.ts';
import { presentOrganization } from './present-people.ts';

/** Every organisation with its number of people, and who decides membership. */
export async function listOrganizationsWithMembers(deps: PeopleDeps, actor: Actor): Promise<Organizations> {
  const [organizations, counts] = await Promise.all([listOrganizations(deps.db), countMembers(deps.db)]);
  return {
    managed_by: deps.organizationsFromSignIn ? 'sign-in' : 'admins',
    organizations: organizations.map((organization) =>
      presentOrganization(organization, counts.get(organization.id) ?? 0, actor),
    ),
  };
}
