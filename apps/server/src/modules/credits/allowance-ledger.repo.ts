import type { RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { CreditAccount } from './credit-account.ts';

/*
 * The ledger queries that tell how much of a plan allowance is left: read only from the ledger,
 * so an expiry can be recomputed and checked from the entries alone.
 */

function ownedBy(account: CreditAccount): RawBuilder<SqlBool> {
  return account.organizationId === null
    ? sql<SqlBool>`user_id = ${account.userId} and organization_id is null`
    : sql<SqlBool>`organization_id = ${account.organizationId}`;
}

export interface AllowanceEntry {
  id: string;
  amount: number;
  subject: string | null;
  createdAt: string;
}

/** The account's newest allowance written before `before`: the one whose period `before` ends. */
export async function findLatestAllowance(
  db: StoreDb,
  account: CreditAccount,
  before: string,
): Promise<AllowanceEntry | null> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(['id', 'amount', 'subject', 'created_at'])
    .where(ownedBy(account))
    .where('kind', '=', 'allowance')
    .where('created_at', '<', before)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, amount: row.amount, subject: row.subject, createdAt: row.created_at } : null;
}

/** Credits the account spent (net of refunds) from `from` until just before `until`. */
export async function sumSpentBetween(
  db: StoreDb,
  account: CreditAccount,
  range: { from: string; until: string },
): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where(ownedBy(account))
    .where('kind', 'in', ['spend', 'refund'])
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.until)
    .executeTakeFirstOrThrow();
  return -row.total;
}

/** The balance as it stood just before `until`: every earlier entry summed. */
export async function sumBalanceBefore(db: StoreDb, account: CreditAccount, until: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where(ownedBy(account))
    .where('created_at', '<', until)
    .executeTakeFirstOrThrow();
  return row.total;
}
