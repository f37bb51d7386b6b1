import type { StoreDb } from '../../store/connect.ts';
import { unshareOwnedCharts } from '../charts/unshare-owned-charts.ts';
import { unshareOwnedConversations } from '../conversations/unshare-owned-conversations.ts';
import { unshareOwnedDashboards } from '../dashboards/unshare-owned-dashboards.ts';
import { unshareOwnedQueries } from '../queries/unshare-owned-queries.ts';

/**
 * What a person shared by choice (conversations, saved queries, charts, dashboards) becomes theirs alone again
 * when the organisation they shared it with is deleted: a later organisation of theirs must not
 * inherit it. Databases and projects are shared with whatever organisation their owner is in, as
 * on any move, so they are left as they are.
 */
export async function unshareOwnedObjects(db: StoreDb, ownerId: string): Promise<void> {
  await unshareOwnedConversations(db, ownerId);
  await unshareOwnedQueries(db, ownerId);
  await unshareOwnedCharts(db, ownerId);
  await unshareOwnedDashboards(db, ownerId);
}
