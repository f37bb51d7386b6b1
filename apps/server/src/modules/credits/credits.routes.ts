import type { creditRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { getCreditHistory } from './get-credit-history.ts';
import { grantCreditsAsAdmin } from './grant-credits-as-admin.ts';

export function creditHandlers(
  deps: CreditsDeps & { creditsEnforced: boolean },
): RouteHandlers<typeof creditRoutes> {
  return {
    'GET /api/user/credits/history': ({ user }) => getCreditHistory(deps, { user }),
    'POST /api/credits/grants': async ({ user, body }) => {
      const result = await grantCreditsAsAdmin(deps, {
        user,
        target: { userId: body.user_id, organizationId: body.organization_id },
        amount: body.amount,
        reason: body.reason,
      });
      return { credits_remaining: result.creditsRemaining };
    },
  };
}
