import type { StoreDb } from '../../store/connect.ts';
import { claimSetting, deleteSetting, writeSetting } from './settings.repo.ts';

/**
 * Runs a one-time job of the whole installation, remembered under `key`: of several instances
 * starting at once exactly one claims it, and once done it is never run again. What the job
 * returns is kept with the key; a job that fails is forgotten, so the next start tries again.
 * Null when the job was already claimed.
 */
export async function runOnce<T extends Record<string, unknown>>(
  db: StoreDb,
  key: string,
  job: () => Promise<T>,
): Promise<T | null> {
  if (!(await claimSetting(db, key, { state: 'creating' }))) return null;
  try {
    const result = await job();
    await writeSetting(db, key, { state: 'created', ...result });
    return result;
  } catch (error) {
    // Let the next start try again rather than remember a job that never was done.
    await deleteSetting(db, key).catch(() => undefined);
    throw error;
  }
}
