import type { StoreDb } from '../../store/connect.ts';
import type { CreditAccount } from './credit-account.ts';
import { hasPool } from './credit-ledger.repo.ts';

/**
 * Which balance a user's use draws on: their organisation's pool once it has ever had credits
 * (members then share it), else their own.
 */
export async function spendingAccount(
  db: StoreDb,
  user: { id: string; organizationId: string | null },
): Promise<CreditAccount> {
  if (user.organizationId !== null && (await hasPool(db, user.organizationId))) {
    return { userId: user.id, organizationId: user.organizationId };
  }
  return { userId: user.id, organizationId: null };
}
