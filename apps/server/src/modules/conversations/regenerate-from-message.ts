import { USER_SQL_FUNCTION } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import { resolveContext } from '../context/resolve-context.ts';
import type { User } from '../users/user.ts';
import { answerMessage } from './answer-message.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatEvents } from './chat-events.ts';
import { requireConversationAndDatabase } from './conversation-access.ts';
import type { MessageRecord } from './messages.repo.ts';
import { deleteMessagesFrom, findMessage, listMessages } from './messages.repo.ts';
import { answerMetered, openMeteredTurn, withCreditsRemaining } from './metered-turn.ts';
import { runTurn } from './run-turn.ts';
import { changeMessage } from './store-message.ts';

/** The user message an answer was for: the last one at or before it. */
function questionOf(records: readonly MessageRecord[], message: MessageRecord): MessageRecord | null {
  return records.filter((record) => record.role === 'user' && record.seq <= message.seq).at(-1) ?? null;
}

/**
 * Socket `regenerateFromMessage`. With content (checked by the event's schema): the user message
 * is edited, every later message deleted (each announced with `delete-message`) and the question
 * answered again. Without: the answer from that message on is deleted and produced again — on a
 * user message (a turn that failed), everything after it.
 */
export async function regenerateFromMessage(
  deps: ChatDeps,
  input: {
    user: User;
    conversationId: string;
    messageId: string;
    content: string | null;
    events: ChatEvents;
  },
): Promise<void> {
  const { conversation, database } = await requireConversationAndDatabase(
    deps.db,
    input.user,
    input.conversationId,
    'run',
  );
  const message = await findMessage(deps.db, conversation.id, input.messageId);
  if (!message) throw new AppError('NOT_FOUND', 'Message not found', { field: 'messageId' });
  const text = input.content;
  if (text !== null && message.role !== 'user') {
    throw new AppError('BAD_REQUEST', 'Only your own messages can be edited', { field: 'messageId' });
  }
  const question = questionOf(await listMessages(deps.db, conversation.id), message);
  if (!question)
    throw new AppError('BAD_REQUEST', 'There is no question before this message to answer again');
  const isSql = question.functionCall?.name === USER_SQL_FUNCTION;
  const context = await resolveContext(deps.db, input.user, conversation.contextId, 'run', database);
  const metered = await openMeteredTurn(deps, {
    user: input.user,
    conversationId: conversation.id,
    kind: isSql ? 'sql' : 'question',
    events: input.events,
  });
  const events = withCreditsRemaining(input.events, metered);

  const ran = await runTurn(deps, {
    conversationId: conversation.id,
    statusWhenRead: conversation.status,
    ownerId: input.user.id,
    events,
    work: async (turn) => {
      let asked = question;
      if (text !== null) {
        asked = await changeMessage(deps.db, events, question.id, {
          content: text,
          ...(isSql ? { functionCall: { name: USER_SQL_FUNCTION, arguments: { query: text } } } : {}),
        });
      }
      const from = message.role === 'user' ? message.seq + 1 : message.seq;
      for (const id of await deleteMessagesFrom(deps.db, conversation.id, from)) events.deleted(id);
      await answerMetered(deps, { metered, questionId: asked.id, events, signal: turn.signal }, () =>
        answerMessage(deps, { asker: input.user, context, events, turn, message: asked, metered }),
      );
    },
  });
  if (!ran) await metered.finish('failed');
}
