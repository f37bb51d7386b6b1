import { sql } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import { newId, nowIso } from '../../store/values.ts';

/** The balance is the sum of the ledger, so grants and spends never race on a counter. */
export async function sumCredits(db: StoreDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // A number on both dialects: the store parses PostgreSQL's bigint sums (connect.ts).
  return row.total;
}

export async function addCreditEntry(
  db: StoreDb,
  entry: { userId: string; amount: number; reason: string },
): Promise<void> {
  await db
    .insertInto('credit_ledger')
    .values({
      id: newId(),
      user_id: entry.userId,
      amount: entry.amount,
      reason: entry.reason,
      created_at: nowIso(),
    })
    .execute();
}
