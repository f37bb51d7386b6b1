import type { peopleRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { createOrganization, renameOrganization } from '../organizations/name-organization.ts';
import { listUsers } from '../users/list-users.ts';
import { countMembers } from '../users/count-members.ts';
import { listOrganizationsWithMembers } from './list-organizations-with-members.ts';
import { deleteOrganization } from './delete-organization.ts';
import { manageUser } from './manage-user.ts';
import { organizationNames } from './organization-names.ts';
import type { PeopleDeps } from './people-deps.ts';
import { presentManagedUser, presentOrganization } from './present-people.ts';
import { authorizePeopleManagement } from './authorize-people-management.ts';

/** The administrators' page of people and organisations; everyone else is refused. */
export function peopleHandlers(deps: PeopleDeps): RouteHandlers<typeof peopleRoutes> {
  return {
    'GET /api/users': async ({ user, query }) => {
      authorizePeopleManagement(user, 'user', 'read');
      const [listed, names] = await Promise.all([
        listUsers(deps, { text: query.q, organizationId: query.organization_id }),
        organizationNames(deps.db),
      ]);
      return {
        users: listed.users.map((listedUser) => presentManagedUser(listedUser, names)),
        truncated: listed.truncated,
      };
    },
    'PUT /api/users/:id': async ({ user, params, body }) => {
      authorizePeopleManagement(user);
      const changed = await manageUser(deps, {
        userId: params.id,
        role: body.role,
        organizationId: body.organization_id,
        active: body.active,
      });
      return presentManagedUser(changed, await organizationNames(deps.db));
    },
    'GET /api/organizations': async ({ user }) => {
      authorizePeopleManagement(user, 'organization', 'read');
      return listOrganizationsWithMembers(deps, user);
    },
    'POST /api/organizations': async ({ user, body }) => {
      authorizePeopleManagement(user, 'organization', 'create');
      return presentOrganization(await createOrganization(deps, { name: body.name }), 0, user);
    },
    'PUT /api/organizations/:id': async ({ user, params, body }) => {
      authorizePeopleManagement(user, 'organization', 'edit');
      const renamed = await renameOrganization(deps, { id: params.id, name: body.name });
      return presentOrganization(renamed, (await countMembers(deps.db)).get(renamed.id) ?? 0, user);
    },
    'DELETE /api/organizations/:id': async ({ user, params, query }) => {
      authorizePeopleManagement(user, 'organization', 'delete');
      await deleteOrganization(deps, { id: params.id, force: query.force === 'true' });
    },
  };
}
