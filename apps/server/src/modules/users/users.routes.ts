import type { userRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { StoreDb } from '../../store/connect.ts';
import { getCreditBalance } from '../credits/get-credit-balance.ts';
import { findOrganizationName } from '../organizations/organizations.repo.ts';
import { presentUser } from './present-user.ts';

export function userHandlers(deps: {
  db: StoreDb;
  creditsEnforced: boolean;
}): RouteHandlers<typeof userRoutes> {
  return {
    // The organisation's name is added for a member of one, for the profile page.
    'GET /api/user': async ({ user }) =>
      user.organizationId === null
        ? presentUser(user)
        : {
            ...presentUser(user),
            organization_name: await findOrganizationName(deps.db, user.organizationId),
          },
    'GET /api/user/credits': async ({ user }) => {
      const balance = await getCreditBalance(deps, { userId: user.id });
      return { credits_remaining: balance.creditsRemaining, unlimited: balance.unlimited };
    },
  };
}
