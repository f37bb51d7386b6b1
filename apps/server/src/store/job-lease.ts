import type { StoreDb } from './connect.ts';

/**
 * Takes the lease of a periodic job for `owner` until `until`: when nobody holds it, its holder's
 * time is up, or `owner` already holds it. The condition is checked in the statement that takes
 * it, so of several instances asking at once exactly one gets it.
 */
export async function claimJobLease(
  db: StoreDb,
  lease: { name: string; owner: string; now: Date; until: Date },
): Promise<boolean> {
  const now = lease.now.toISOString();
  const until = lease.until.toISOString();
  await db
    .insertInto('job_leases')
    .values({ name: lease.name, owner: lease.owner, expires_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('job_leases')
    .set({ owner: lease.owner, expires_at: until })
    .where('name', '=', lease.name)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('owner', '=', lease.owner)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
