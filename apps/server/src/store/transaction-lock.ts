import type { StoreDb } from './connect.ts';

// A row of job_leases that no job claims: its only use is to be locked.
const NEVER = '1970-01-01T00:00:00.000Z';

/**
 * Serialises, until they end, the transactions that take the lock of the same `name`, for a check
 * then a write that must not interleave with another's. PostgreSQL locks the name's row (kept in
 * `job_leases`, under a name no job uses); SQLite has a single writer anyway. Call it inside a
 * transaction, before the check.
 */
export async function lockForTransaction(trx: StoreDb, name: string): Promise<void> {
  const rowName = `lock:${name}`;
  await trx
    .insertInto('job_leases')
    .values({ name: rowName, owner: 'transaction lock', expires_at: NEVER })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  await trx
    .updateTable('job_leases')
    .set((eb) => ({ expires_at: eb.ref('expires_at') }))
    .where('name', '=', rowName)
    .execute();
}
