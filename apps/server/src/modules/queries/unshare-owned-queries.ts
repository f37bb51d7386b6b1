import type { StoreDb } from '../../store/connect.ts';
import { unshareQueriesOfOwner } from './queries.repo.ts';

/** The owner's saved queries shared with an organisation that is gone become theirs alone again. */
export async function unshareOwnedQueries(db: StoreDb, ownerId: string): Promise<void> {
  await unshareQueriesOfOwner(db, ownerId);
}
