import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import type { ConversationRecord } from './conversations.repo.ts';
import { findConversation } from './conversations.repo.ts';

export function conversationNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Conversation not found');
}

/**
 * A conversation belongs to its owner alone: anyone else is told it does not exist, so ids of
 * other people's conversations reveal nothing.
 */
export async function requireOwnedConversation(
  db: StoreDb,
  user: Pick<User, 'id'>,
  id: string,
): Promise<ConversationRecord> {
  const conversation = await findConversation(db, id);
  if (!conversation || conversation.ownerId !== user.id) throw conversationNotFound();
  return conversation;
}
