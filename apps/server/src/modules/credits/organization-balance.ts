import type { StoreDb } from '../../store/connect.ts';
import { sumBalance } from './credit-ledger.repo.ts';

/** The credits left in an organisation's pool: its ledger entries summed. */
export function organizationBalance(db: StoreDb, organizationId: string): Promise<number> {
  // An organisation's account is its pool whoever drew on it; the member does not narrow the sum.
  return sumBalance(db, { userId: '', organizationId });
}
