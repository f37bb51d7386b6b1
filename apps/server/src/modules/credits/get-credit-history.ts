import type { CreditHistory } from '@querent/contracts';
import type { User } from '../users/user.ts';
import { listEntries, listUserSpends } from './credit-ledger.repo.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import { getCreditBalance } from './get-credit-balance.ts';
import { spendingAccount } from './spending-account.ts';

const HISTORY_ENTRIES = 100;
const USAGE_DAYS = 30;

/** Credits spent per UTC day, oldest first. */
export function usageByDay(
  spends: readonly { amount: number; createdAt: string }[],
): { day: string; credits: number }[] {
  const days = new Map<string, number>();
  for (const spend of spends) {
    const day = new Date(spend.createdAt).toISOString().slice(0, 10);
    days.set(day, (days.get(day) ?? 0) - spend.amount);
  }
  return [...days].map(([day, credits]) => ({ day, credits }));
}

/** The balance the user draws on and its latest entries; an organisation's pool shows the member's own. */
export async function getCreditHistory(
  deps: CreditsDeps & { creditsEnforced: boolean },
  input: { user: User },
): Promise<CreditHistory> {
  const balance = await getCreditBalance(deps, { user: input.user });
  const account = deps.creditsEnforced
    ? await spendingAccount(deps.db, input.user)
    : { userId: input.user.id, organizationId: null };
  const pool = account.organizationId !== null;
  // A pool's history shows what it received and the member's own spends, not their colleagues'.
  const entries = await listEntries(deps.db, account, HISTORY_ENTRIES, pool ? input.user.id : undefined);
  const since = new Date(clockOf(deps).getTime() - USAGE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const spends = await listUserSpends(deps.db, { userId: input.user.id, since });
  return {
    credits_remaining: balance.creditsRemaining,
    unlimited: balance.unlimited,
    organization_pool: pool,
    entries: entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount: entry.amount,
      reason: entry.reason,
      created_at: entry.createdAt,
    })),
    usage_by_day: usageByDay(spends),
  };
}
