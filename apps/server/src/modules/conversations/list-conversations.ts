import type { Conversation, ConversationSummary } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { resolveContext } from '../context/resolve-context.ts';
import type { User } from '../users/user.ts';
import { requireConversation } from './conversation-access.ts';
import { listOwnedConversations } from './conversations.repo.ts';
import { listMessages } from './messages.repo.ts';
import { presentConversation, presentSummary } from './present-conversation.ts';

/** GET /api/conversations?contextId= : the user's own conversations about that context. */
export async function listConversations(
  deps: { db: StoreDb },
  input: { user: User; contextId: string },
): Promise<ConversationSummary[]> {
  // A context the user may not see is not found, as everywhere; the list holds their own conversations.
  await resolveContext(deps.db, input.user, input.contextId);
  const records = await listOwnedConversations(deps.db, {
    ownerId: input.user.id,
    contextId: input.contextId,
  });
  return records.map((record) => presentSummary(record, input.user));
}

/** GET /api/conversations/{id}: with its messages in order. */
export async function getConversation(
  deps: { db: StoreDb },
  input: { user: User; conversationId: string },
): Promise<Conversation> {
  const conversation = await requireConversation(deps.db, input.user, input.conversationId, 'read');
  const messages = await listMessages(deps.db, conversation.id);
  return presentConversation(deps.db, conversation, messages, input.user);
}
