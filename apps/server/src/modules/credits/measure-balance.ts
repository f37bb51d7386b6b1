import type { StoreDb } from '../../store/connect.ts';
import type { CreditAccount } from './credit-account.ts';
import { monthStart } from './credit-account.ts';
import { findMemberCap, sumBalance, sumLiveHolds, sumMemberUse } from './credit-ledger.repo.ts';

export interface MeasuredBalance {
  /** The ledger's sum, capped by a member's monthly share: what the user is told is left. */
  remaining: number;
  /** What a new hold may take now: the remaining credits less those held by turns under way. */
  available: number;
}

/** Reads one account's balance; inside a transaction after lockAccount for a decision. */
export async function measureBalance(
  db: StoreDb,
  account: CreditAccount,
  now: Date,
  exceptHoldId: string | null = null,
): Promise<MeasuredBalance> {
  const at = now.toISOString();
  const balance = await sumBalance(db, account);
  const held = await sumLiveHolds(db, account, at, exceptHoldId);
  let remaining = balance;
  let available = balance - held;
  if (account.organizationId !== null) {
    const cap = await findMemberCap(db, account.organizationId, account.userId);
    if (cap !== null) {
      const use = await sumMemberUse(db, {
        organizationId: account.organizationId,
        userId: account.userId,
        since: monthStart(now),
        now: at,
        exceptHoldId,
      });
      remaining = Math.min(remaining, cap - use.spent);
      available = Math.min(available, cap - use.spent - use.held);
    }
  }
  return { remaining: Math.max(0, remaining), available: Math.max(0, available) };
}
