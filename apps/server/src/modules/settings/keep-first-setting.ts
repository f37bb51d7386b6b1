import type { StoreDb } from '../../store/connect.ts';
import { claimSetting, readSetting } from './settings.repo.ts';

/**
 * The value every instance agrees on for `key`: the first one stored wins (several instances
 * starting at once may each make one; all keep the same after).
 */
export async function keepFirstSetting(db: StoreDb, key: string, candidate: () => unknown): Promise<unknown> {
  const stored = await readSetting(db, key);
  if (stored !== undefined) return stored;
  await claimSetting(db, key, candidate());
  return readSetting(db, key);
}
