import type { creditRoutes } from '@querent/contracts';
import type { CreditPlan } from '../../config/settings/credits.ts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { getCreditHistory } from './get-credit-history.ts';
import { grantCreditsAsAdmin, requireCreditsEnforced } from './grant-credits-as-admin.ts';
import { listCreditPlans } from './list-credit-plans.ts';
import { requireCreditsAdmin } from './require-credits-admin.ts';
import { resolveCreditTarget } from './resolve-credit-target.ts';
import { subscribeToPlan } from './subscribe-to-plan.ts';

export function creditHandlers(
  deps: CreditsDeps & { creditsEnforced: boolean; plans: readonly CreditPlan[] },
): RouteHandlers<typeof creditRoutes> {
  return {
    'GET /api/user/credits/history': ({ user }) => getCreditHistory(deps, { user }),
    'POST /api/credits/grants': async ({ user, body }) => {
      const result = await grantCreditsAsAdmin(deps, {
        user,
        target: { userId: body.user_id, email: body.email, organizationId: body.organization_id },
        amount: body.amount,
        reason: body.reason,
      });
      return { credits_remaining: result.creditsRemaining };
    },
    'GET /api/credits/plans': ({ user }) => listCreditPlans(deps, { user }),
    'PUT /api/credits/subscriptions': async ({ user, body }) => {
      requireCreditsAdmin(user);
      requireCreditsEnforced(deps);
      const account = await resolveCreditTarget(deps.db, user, {
        userId: body.user_id,
        organizationId: body.organization_id,
      });
      await subscribeToPlan(deps, { account, planId: body.plan_id });
    },
  };
}
