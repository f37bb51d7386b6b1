import type { StoreDb } from '../../store/connect.ts';
import { unshareChartsOfOwner } from './charts.repo.ts';

/** The owner's charts shared with an organisation that is gone become theirs alone again. */
export async function unshareOwnedCharts(db: StoreDb, ownerId: string): Promise<void> {
  await unshareChartsOfOwner(db, ownerId);
}
