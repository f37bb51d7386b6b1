import type { creditRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { capMember } from './cap-member.ts';
import { getCreditHistory } from './get-credit-history.ts';
import { grantCreditsAsAdmin, requireCreditsEnforced } from './grant-credits-as-admin.ts';
import { listCreditPlans } from './list-credit-plans.ts';
import { openBillingPortal } from './open-billing-portal.ts';
import { authorizeCreditsAdministration } from './authorize-credits.ts';
import { resolveCreditTarget } from './resolve-credit-target.ts';
import { receiveStripeEvent } from './receive-stripe-event.ts';
import { reportCreditUsage, usageCsv } from './report-credit-usage.ts';
import type { CheckoutDeps } from './start-checkout.ts';
import { startCheckout } from './start-checkout.ts';
import { subscribeToPlan } from './subscribe-to-plan.ts';

export function creditHandlers(
  deps: CheckoutDeps & { creditsEnforced: boolean; pricePerQuery: number },
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
    'GET /api/credits/plans': ({ user }) =>
      listCreditPlans({ ...deps, checkout: deps.stripe !== null }, { user }),
    'PUT /api/credits/subscriptions': async ({ user, body }) => {
      authorizeCreditsAdministration(user, 'edit');
      requireCreditsEnforced(deps);
      const account = await resolveCreditTarget(deps.db, user, {
        userId: body.user_id,
        organizationId: body.organization_id,
      });
      await subscribeToPlan(deps, { account, planId: body.plan_id });
    },
    'PUT /api/credits/member-caps': async ({ user, body }) => {
      requireCreditsEnforced(deps);
      await capMember(deps, { user, memberId: body.user_id, monthlyCap: body.monthly_cap });
    },
    'GET /api/credits/usage': ({ user, query }) => reportCreditUsage(deps, { user, days: query.days }),
    'GET /api/credits/usage.csv': async ({ user, query, reply }) => {
      const csv = usageCsv(await reportCreditUsage(deps, { user, days: query.days }));
      await reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="querent-credit-usage.csv"')
        .send(csv);
    },
    'POST /api/credits/checkout': ({ user, body }) => {
      requireCreditsEnforced(deps);
      return startCheckout(deps, { user, planId: body.plan_id, credits: body.credits });
    },
    'POST /api/credits/portal': ({ user }) => {
      requireCreditsEnforced(deps);
      return openBillingPortal(deps, { user });
    },
    'POST /api/credits/stripe/webhook': {
      // Stripe signs the exact bytes it sent: this route alone reads its body raw.
      scope: (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
        return Promise.resolve();
      },
      handle: async ({ request }) => {
        const signature = request.headers['stripe-signature'];
        const result = await receiveStripeEvent(deps, {
          payload: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: typeof signature === 'string' ? signature : undefined,
        });
        return { received: true, credited: result.credited };
      },
    },
  };
}
