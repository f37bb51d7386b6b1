import type { Action } from '../access/access-words.ts';
import { authorize } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import type { Subject } from '../access/subject.ts';
import { sharedByChoiceSubject } from '../access/subject.ts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { findDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import type { ConversationRecord } from './conversations.repo.ts';
import { findConversation } from './conversations.repo.ts';

export function conversationNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Conversation not found');
}

/** A conversation as the policy sees it: private until its owner shares it, following its database. */
export function conversationSubject(conversation: ConversationRecord, parent: Subject | undefined): Subject {
  return sharedByChoiceSubject('conversation', conversation, parent);
}

/**
 * Loads a conversation the actor may act on as asked: asking in it is `run`. Anyone who may not
 * see it is told it does not exist, so ids of other people's conversations reveal nothing.
 */
export async function requireConversation(
  db: StoreDb,
  actor: Actor,
  id: string,
  needed: Action,
): Promise<ConversationRecord> {
  return (await requireConversationAndDatabase(db, actor, id, needed)).conversation;
}

/**
 * requireConversation, answering the conversation's database as read for the check too, so a turn
 * resolves its context without reading the database again.
 */
export async function requireConversationAndDatabase(
  db: StoreDb,
  actor: Actor,
  id: string,
  needed: Action,
): Promise<{ conversation: ConversationRecord; database: DatabaseRecord }> {
  const conversation = await findConversation(db, id);
  const database = conversation ? await findDatabase(db, conversation.databaseId) : null;
  if (!conversation || !database) throw conversationNotFound();
  authorize(actor, needed, conversationSubject(conversation, databaseSubject(database)), {
    notFound: conversationNotFound,
    forbidden: () =>
      new AppError('FORBIDDEN', 'Only the owner of this conversation can change it or ask in it'),
  });
  return { conversation, database };
}
