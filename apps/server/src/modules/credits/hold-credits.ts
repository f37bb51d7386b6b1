import type { CreditEntryKind } from '../../store/schema.ts';
import type { CreditAccount } from './credit-account.ts';
import { deleteHold, hasEntry, insertEntry, insertHold, lockAccount } from './credit-ledger.repo.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import { measureBalance } from './measure-balance.ts';
import { ensureSignupGrant } from './signup-grant.ts';

/** A hold outlives its turn only if its instance died; after this it stops counting. */
export const HOLD_TTL_MS = 15 * 60 * 1000;

export interface CreditHold {
  holdId: string;
  account: CreditAccount;
  amount: number;
}

/**
 * Sets credits aside before work that will spend them (a model call, a priced query): up to
 * `wanted`, and at least `minimum`, or nothing — then null, and the work must not start. The check
 * and the hold are one step per account, so turns started at once never hold more than there is.
 */
export async function reserveCredits(
  deps: CreditsDeps,
  input: { account: CreditAccount; wanted: number; minimum: number; subject: string },
): Promise<CreditHold | null> {
  if (input.account.organizationId === null) await ensureSignupGrant(deps, input.account.userId);
  const now = clockOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, input.account);
    const { available } = await measureBalance(trx, input.account, now);
    if (available < Math.max(1, input.minimum)) return null;
    const amount = Math.min(Math.max(input.wanted, input.minimum), available);
    const holdId = await insertHold(trx, {
      account: input.account,
      amount,
      subject: input.subject,
      expiresAt: new Date(now.getTime() + HOLD_TTL_MS).toISOString(),
    });
    return { holdId, account: input.account, amount };
  });
}

export interface Settlement {
  /** Credits written to the ledger (0 when nothing was owed or the key was already settled). */
  charged: number;
}

/**
 * Ends a hold by charging what the work really cost: the hold goes and one spend entry is written
 * under the idempotency key, so settling twice charges once. A cost beyond the hold is charged from
 * what else is free, never past the balance.
 */
export async function settleCredits(
  deps: CreditsDeps,
  input: {
    hold: CreditHold;
    cost: number;
    kind?: CreditEntryKind;
    reason: string;
    subject: string;
    idempotencyKey: string;
  },
): Promise<Settlement> {
  const now = clockOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, input.hold.account);
    if (await hasEntry(trx, input.idempotencyKey)) {
      await deleteHold(trx, input.hold.holdId);
      return { charged: 0 };
    }
    const { available } = await measureBalance(trx, input.hold.account, now, input.hold.holdId);
    await deleteHold(trx, input.hold.holdId);
    const charged = Math.max(0, Math.min(Math.ceil(input.cost), available));
    if (charged === 0) return { charged: 0 };
    const written = await insertEntry(trx, {
      account: input.hold.account,
      kind: input.kind ?? 'spend',
      amount: -charged,
      reason: input.reason,
      actorId: null,
      subject: input.subject,
      idempotencyKey: input.idempotencyKey,
      at: now.toISOString(),
    });
    return { charged: written ? charged : 0 };
  });
}

/** Gives a hold back whole: the work failed before costing anything, or never started. */
export async function releaseCredits(deps: CreditsDeps, hold: CreditHold): Promise<void> {
  await deleteHold(deps.db, hold.holdId);
}
