import type { CreditPlan } from '../../config/settings/credits.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import { grantAllowance } from './grant-allowance.ts';
import { endLapsedSubscriptions } from './end-lapsed-subscriptions.ts';
import { claimRenewal, listDueSubscriptions } from './subscriptions.repo.ts';

/** The same day of the next month (the last day when the next month is shorter). */
export function nextMonth(iso: string): string {
  const date = new Date(iso);
  const next = new Date(date);
  next.setUTCDate(1);
  next.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return next.toISOString();
}

const BATCH = 100;

/**
 * Grants every due plan allowance once: each due subscription is moved to its next month by a
 * conditional update, and only the instance whose update took writes the allowance — under a key
 * naming the period, so even a retry cannot grant it twice. The allowance is dated at its period's
 * start, where the previous period's unspent allowance expires (grant-allowance.ts). Plans bought
 * through Stripe are left to Stripe's invoices; a plan no longer configured is skipped. Answers
 * how many allowances this instance granted.
 */
export async function renewAllowances(deps: CreditsDeps & { plans: readonly CreditPlan[] }): Promise<number> {
  const now = clockOf(deps).toISOString();
  let granted = 0;
  for (const due of await listDueSubscriptions(deps.db, now, BATCH)) {
    let period = due.renewsAt;
    // A server that was down for months grants each missed month's allowance once (and expires it).
    while (period <= now) {
      const next = nextMonth(period);
      if (!(await claimRenewal(deps.db, { account: due.account, from: period, to: next }))) break;
      const plan = deps.plans.find((candidate) => candidate.id === due.planId);
      if (plan) {
        const { applied } = await grantAllowance(deps, {
          account: due.account,
          amount: plan.monthlyCredits,
          reason: `${plan.name} plan, monthly allowance`,
          subject: `plan:${plan.id}`,
          idempotencyKey: `allowance:${due.account.organizationId ?? due.account.userId}:${period}`,
          at: period,
        });
        if (applied) granted += 1;
      }
      period = next;
    }
  }
  await endLapsedSubscriptions(deps);
  return granted;
}

/** Every instance ticks; the conditional update leaves each allowance to one of them. */
export function startAllowanceRenewal(
  deps: CreditsDeps & { plans: readonly CreditPlan[]; log: { error: (obj: object, msg: string) => void } },
  everyMs = 60_000,
): { stop(): void } {
  const timer = setInterval(() => {
    renewAllowances(deps).catch((error: unknown) =>
      deps.log.error({ err: error }, 'Allowance renewal failed'),
    );
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
