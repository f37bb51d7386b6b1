import type { StoreDb } from '../../store/connect.ts';
import { sumCredits } from './credit-ledger.repo.ts';

export interface CreditBalance {
  creditsRemaining: number;
  /** True when credits are not enforced, as in local mode, where use is unlimited. */
  unlimited: boolean;
}

export async function getCreditBalance(
  deps: { db: StoreDb; creditsEnforced: boolean },
  input: { userId: string },
): Promise<CreditBalance> {
  const creditsRemaining = await sumCredits(deps.db, input.userId);
  return { creditsRemaining, unlimited: !deps.creditsEnforced };
}
