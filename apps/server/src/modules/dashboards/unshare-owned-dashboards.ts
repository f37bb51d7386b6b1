import type { StoreDb } from '../../store/connect.ts';
import { unshareDashboardsOfOwner } from './dashboards.repo.ts';

/** The owner's organisation is gone: what they shared with it is theirs alone again (public stays public). */
export function unshareOwnedDashboards(db: StoreDb, ownerId: string): Promise<void> {
  return unshareDashboardsOfOwner(db, ownerId);
}
