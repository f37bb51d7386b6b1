import { USER_SQL_FUNCTION } from '@querent/contracts';
import { resolveContext } from '../context/resolve-context.ts';
import type { User } from '../users/user.ts';
import { answerMessage, nameAfterFirstQuestion } from './answer-message.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatEvents } from './chat-events.ts';
import { requireConversationAndDatabase } from './conversation-access.ts';
import { nameFromQuestion } from './conversation-name.ts';
import { answerMetered, openMeteredTurn, withCreditsRemaining } from './metered-turn.ts';
import { runTurn } from './run-turn.ts';
import { storeMessage } from './store-message.ts';

/**
 * Socket `ask` (a question for the analyst) and `query` (SQL of the user's own), whose text the
 * event's schema has trimmed and checked: the message is stored and sent before anything runs, so
 * a failure later never loses it.
 */
export async function sendMessage(
  deps: ChatDeps,
  input: { user: User; conversationId: string; text: string; kind: 'question' | 'sql'; events: ChatEvents },
): Promise<void> {
  const { text } = input;
  const { conversation, database } = await requireConversationAndDatabase(
    deps.db,
    input.user,
    input.conversationId,
    'run',
  );
  const context = await resolveContext(deps.db, input.user, conversation.contextId, 'run', database);
  const metered = await openMeteredTurn(deps, {
    user: input.user,
    conversationId: conversation.id,
    kind: input.kind,
    events: input.events,
  });
  const events = withCreditsRemaining(input.events, metered);
  const ran = await runTurn(deps, {
    conversationId: conversation.id,
    statusWhenRead: conversation.status,
    ownerId: input.user.id,
    events,
    work: async (turn) => {
      const message = await storeMessage(deps.db, events, {
        conversationId: conversation.id,
        role: 'user',
        content: text,
        functionCall: input.kind === 'sql' ? { name: USER_SQL_FUNCTION, arguments: { query: text } } : null,
      });
      await nameAfterFirstQuestion(deps, {
        conversation,
        name: nameFromQuestion(text),
        events,
        user: input.user,
      });
      await answerMetered(deps, { metered, questionId: message.id, events, signal: turn.signal }, () =>
        answerMessage(deps, { asker: input.user, context, events, turn, message, metered }),
      );
    },
  });
  // Refused (a turn already runs): whatever was held goes back.
  if (!ran) await metered.finish('failed');
}
