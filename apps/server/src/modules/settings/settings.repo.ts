import type { StoreDb } from '../../store/connect.ts';
import { nowIso, parseJson, toJson } from '../../store/values.ts';

/** Instance-wide facts by key; values are JSON. */
export async function readSetting(db: StoreDb, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? parseJson(row.value) : undefined;
}

export async function writeSetting(db: StoreDb, key: string, value: unknown): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('settings')
    .values({ key, value: toJson(value), updated_at: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: toJson(value), updated_at: now }))
    .execute();
}

/**
 * Sets the key only if it is unset and says whether this call set it, so that of several
 * instances starting at once exactly one goes on to do a one-time job.
 */
export async function claimSetting(db: StoreDb, key: string, value: unknown): Promise<boolean> {
  const result = await db
    .insertInto('settings')
    .values({ key, value: toJson(value), updated_at: nowIso() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deleteSetting(db: StoreDb, key: string): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', key).execute();
}
