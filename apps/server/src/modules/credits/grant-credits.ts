import { AppError } from '../../errors.ts';
import type { CreditEntryKind } from '../../store/schema.ts';
import type { CreditAccount } from './credit-account.ts';
import { insertEntry, lockAccount } from './credit-ledger.repo.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import { measureBalance } from './measure-balance.ts';

export interface CreditChange {
  account: CreditAccount;
  /** Positive adds credits; negative removes them (never below what is free). */
  amount: number;
  kind: CreditEntryKind;
  reason: string;
  actorId: string | null;
  subject: string | null;
  /** A change with a key already in the ledger is not written again. */
  idempotencyKey: string | null;
}

/**
 * Writes a change of balance that is not a spend: an administrator's grant or removal, a plan's
 * allowance, a purchase, an expiry. `applied` is false for a repeated key.
 */
export async function changeCredits(
  deps: CreditsDeps,
  change: CreditChange,
): Promise<{ applied: boolean; remaining: number }> {
  if (!Number.isInteger(change.amount) || change.amount === 0) {
    throw new AppError('BAD_REQUEST', 'The amount must be a whole number other than 0', { field: 'amount' });
  }
  if (change.reason.trim() === '') {
    throw new AppError('BAD_REQUEST', 'Say why the credits change', { field: 'reason' });
  }
  const now = clockOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, change.account);
    if (change.amount < 0) {
      const { available } = await measureBalance(trx, change.account, now);
      if (-change.amount > available) {
        throw new AppError('BAD_REQUEST', `Only ${available} credits can be removed`, { field: 'amount' });
      }
    }
    const applied = await insertEntry(trx, {
      ...change,
      reason: change.reason.trim(),
      at: now.toISOString(),
    });
    const { remaining } = await measureBalance(trx, change.account, now);
    return { applied, remaining };
  });
}
