import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { requireConversation } from './conversation-access.ts';
import { setConversationsShared } from './conversations.repo.ts';

/** PUT /api/sharing/conversation/{id}: the owner shares it with their organisation, read-only. */
export async function shareConversation(
  deps: { db: StoreDb },
  input: { user: User; id: string; shared: boolean },
) {
  const conversation = await requireConversation(deps.db, input.user, input.id, 'share');
  await setConversationsShared(deps.db, conversation.id, input.shared);
}
