import type { StoreDb } from '../../store/connect.ts';
import { findLatestAllowance, sumBalanceBefore, sumSpentBetween } from './allowance-ledger.repo.ts';
import type { CreditAccount } from './credit-account.ts';
import { hasEntry, insertEntry, lockAccount, sumBalance } from './credit-ledger.repo.ts';
import type { CreditsDeps } from './credits-deps.ts';

/*
 * Plan allowances last one period. The order of spending that makes "unspent" computable from the
 * ledger alone: what a balance spends while an allowance's period runs is drawn from that
 * allowance first, and only once it is used up from purchased and granted credits, which never
 * expire. A period runs from its allowance's entry until the next allowance (or the end of a
 * canceled subscription's paid period); then what is left of it is written off as one `expiry`
 * entry, keyed by the allowance it ends, so however often a renewal runs it expires once.
 */

/**
 * Writes off what is left of the allowance whose period ends at `until`, inside the caller's
 * transaction with the account locked. Never more than the balance held then or holds now (an
 * administrator may have removed credits since). Answers the credits written off.
 */
export async function expireUnspentAllowance(
  trx: StoreDb,
  account: CreditAccount,
  until: string,
): Promise<number> {
  const allowance = await findLatestAllowance(trx, account, until);
  if (allowance === null) return 0;
  const spent = await sumSpentBetween(trx, account, { from: allowance.createdAt, until });
  const unspent = Math.max(0, allowance.amount - Math.max(0, spent));
  const expired = Math.min(
    unspent,
    Math.max(0, await sumBalanceBefore(trx, account, until)),
    Math.max(0, await sumBalance(trx, account)),
  );
  if (expired === 0) return 0;
  const written = await insertEntry(trx, {
    account,
    kind: 'expiry',
    amount: -expired,
    reason: 'Unspent plan allowance expired',
    actorId: null,
    subject: allowance.subject,
    idempotencyKey: `expiry:${allowance.id}`,
    // The period's last instant: a history shows it before the allowance that starts the next.
    at: new Date(new Date(until).getTime() - 1).toISOString(),
  });
  return written ? expired : 0;
}

export interface NewAllowance {
  account: CreditAccount;
  amount: number;
  reason: string;
  subject: string;
  /** One allowance per period: a key already in the ledger grants (and expires) nothing. */
  idempotencyKey: string;
  /** When the period starts: the previous allowance's period ends then. */
  at: string;
}

/**
 * Starts a new allowance period: the previous period's unspent allowance expires and the new
 * allowance is written, in one transaction on the locked account.
 */
export async function grantAllowance(
  deps: CreditsDeps,
  allowance: NewAllowance,
): Promise<{ applied: boolean; expired: number }> {
  return deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, allowance.account);
    if (await hasEntry(trx, allowance.idempotencyKey)) return { applied: false, expired: 0 };
    const expired = await expireUnspentAllowance(trx, allowance.account, allowance.at);
    const applied = await insertEntry(trx, {
      account: allowance.account,
      kind: 'allowance',
      amount: allowance.amount,
      reason: allowance.reason,
      actorId: null,
      subject: allowance.subject,
      idempotencyKey: allowance.idempotencyKey,
      at: allowance.at,
    });
    return { applied, expired };
  });
}

/** Ends the last period of a subscription that is over: its unspent allowance expires at `until`. */
export async function expireLastAllowance(
  deps: CreditsDeps,
  input: { account: CreditAccount; until: string },
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, input.account);
    return expireUnspentAllowance(trx, input.account, input.until);
  });
}
