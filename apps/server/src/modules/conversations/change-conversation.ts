import type { ConversationSummary } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { requireConversation } from './conversation-access.ts';
import {
  deleteConversation as deleteConversationRow,
  renameConversation as renameRow,
} from './conversations.repo.ts';
import { presentSummary } from './present-conversation.ts';

/** PUT /api/conversations/{id} */
export async function renameConversation(
  deps: { db: StoreDb },
  input: { user: User; conversationId: string; name: string },
): Promise<ConversationSummary> {
  const conversation = await requireConversation(deps.db, input.user, input.conversationId, 'edit');
  return presentSummary(await renameRow(deps.db, conversation.id, input.name), input.user);
}

/**
 * DELETE /api/conversations/{id}. A turn still answering is stopped first (its SQL cancelled in
 * the database), so nothing keeps running for a conversation that is gone.
 */
export async function deleteConversation(
  deps: { db: StoreDb; stopTurn: (conversationId: string) => void },
  input: { user: User; conversationId: string },
): Promise<void> {
  const conversation = await requireConversation(deps.db, input.user, input.conversationId, 'delete');
  deps.stopTurn(conversation.id);
  await deleteConversationRow(deps.db, conversation.id);
}
