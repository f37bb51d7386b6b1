import type { StoreDb } from '../../store/connect.ts';
import { setConversationsOrganizationOfOwner } from './conversations.repo.ts';

/**
 * A person moved to another organisation takes their conversations along, so one they shared is
 * shared with their new colleagues, no longer the old ones (inside the move's transaction).
 */
export async function moveOwnedConversations(
  db: StoreDb,
  ownerId: string,
  organizationId: string | null,
): Promise<void> {
  await setConversationsOrganizationOfOwner(db, ownerId, organizationId);
}
