import type { userRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { CreditsDeps } from '../credits/credits-deps.ts';
import { getCreditBalance } from '../credits/get-credit-balance.ts';
import { describeSignedInUser } from './describe-signed-in-user.ts';

export function userHandlers(
  deps: CreditsDeps & { creditsEnforced: boolean },
): RouteHandlers<typeof userRoutes> {
  return {
    'GET /api/user': ({ user }) => describeSignedInUser(deps, user),
    'GET /api/user/credits': async ({ user }) => {
      const balance = await getCreditBalance(deps, { user });
      return { credits_remaining: balance.creditsRemaining, unlimited: balance.unlimited };
    },
  };
}
