import type { StoreDb } from '../../store/connect.ts';
import { unshareConversationsOfOwner } from './conversations.repo.ts';

/** The owner's conversations shared with an organisation that is gone become theirs alone again. */
export async function unshareOwnedConversations(db: StoreDb, ownerId: string): Promise<void> {
  await unshareConversationsOfOwner(db, ownerId);
}
