import type { CreditHistory } from '@querent/contracts';
import type { User } from '../users/user.ts';
import { listEntries } from './credit-ledger.repo.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { getCreditBalance } from './get-credit-balance.ts';
import { spendingAccount } from './spending-account.ts';

const HISTORY_ENTRIES = 100;

/** The balance the user draws on and its latest entries; an organisation's pool shows the member's own. */
export async function getCreditHistory(
  deps: CreditsDeps & { creditsEnforced: boolean },
  input: { user: User },
): Promise<CreditHistory> {
  const balance = await getCreditBalance(deps, { user: input.user });
  const account = deps.creditsEnforced
    ? await spendingAccount(deps.db, input.user)
    : { userId: input.user.id, organizationId: null };
  const entries = await listEntries(deps.db, account, HISTORY_ENTRIES);
  const pool = account.organizationId !== null;
  return {
    credits_remaining: balance.creditsRemaining,
    unlimited: balance.unlimited,
    organization_pool: pool,
    entries: entries
      .filter((entry) => !pool || entry.userId === input.user.id || entry.kind !== 'spend')
      .map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        amount: entry.amount,
        reason: entry.reason,
        created_at: entry.createdAt,
      })),
  };
}
