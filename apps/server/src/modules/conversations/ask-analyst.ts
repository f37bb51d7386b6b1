import type { Message } from '@querent/contracts';
import { isAppError } from '../../errors.ts';
import type { User } from '../users/user.ts';
import type { AnalystAnswer } from './analyst-answer.ts';
import { readAnalystAnswer } from './analyst-answer.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatEvents } from './chat-events.ts';
import { deleteConversation } from './conversations.repo.ts';
import { createConversation } from './create-conversation.ts';
import { sendMessage } from './send-message.ts';

export interface AskAnalystInput {
  /** The person asking; the turn acts for them read-only (`delegated`). */
  user: User;
  /** The database or project asked about: `database-{id}` or `project-{id}`. */
  contextId: string;
  question: string;
  /** Aborted when whoever asked goes away: the turn stops, as with the chat's stop button. */
  signal: AbortSignal;
  /** Told of each step of the turn as it is stored (a tool called, a result, the answer), in words. */
  onStep?: (step: string) => void;
}

/** A stored message of the turn, in a few words: what the analyst is doing. */
function describeStep(message: Message): string | null {
  if (message.role === 'user') return null;
  if (message.functionCall) return `Calling ${message.functionCall.name}`;
  if (message.query) return `Ran ${message.query.title ? `"${message.query.title}"` : 'a query'}`;
  if (message.role === 'assistant' && message.content) return 'Writing the answer';
  return null;
}

/** The turn's events, each stored message also told as a step. */
function withSteps(events: ChatEvents, onStep: (step: string) => void): ChatEvents {
  return {
    ...events,
    message(message) {
      events.message(message);
      const step = describeStep(message);
      if (step !== null) onStep(step);
    },
  };
}

/** Asks the analyst one question in a new conversation of the person's (MCP's ask_analyst). */
export type AskAnalyst = (input: AskAnalystInput) => Promise<AnalystAnswer>;

/**
 * A question asked from outside the chat (an MCP client): a new conversation of the person's about
 * the database or project, asked and answered by the chat's own turn (`sendMessage`: the same
 * policy, credits, lease, analyst and tools), then read back as an answer. The conversation stays
 * in the person's chat list, and their open tabs follow it as it runs.
 *
 * It is read-only whoever asks (local mode's administrator included): the person is taken as
 * `delegated`, as through a key or an app's grant, so the database is handed to the turn in safe
 * mode and the analyst refuses a write instead of waiting for a confirmation nobody could give,
 * and changes nothing else (memory, checks) without a person. A question refused before it was
 * stored (no credits left) takes its empty conversation with it.
 */
export async function askAnalyst(
  deps: ChatDeps,
  input: AskAnalystInput & { events: ChatEvents },
): Promise<AnalystAnswer> {
  const user: User = { ...input.user, delegated: true };
  const conversation = await createConversation(deps, { user, contextId: input.contextId });
  const conversationId = conversation.id;
  const stop = () => {
    if (!deps.turns.abort(conversationId)) deps.relay.stop(conversationId);
  };
  input.signal.addEventListener('abort', stop, { once: true });
  try {
    if (input.signal.aborted) {
      await deleteConversation(deps.db, conversationId);
      input.signal.throwIfAborted();
    }
    await sendMessage(deps, {
      user,
      conversationId,
      text: input.question,
      kind: 'question',
      events: input.onStep ? withSteps(input.events, input.onStep) : input.events,
    });
  } catch (error) {
    if (isAppError(error) && error.code === 'SUBSCRIPTION_REQUIRED') {
      await deleteConversation(deps.db, conversationId);
    }
    throw error;
  } finally {
    input.signal.removeEventListener('abort', stop);
  }
  return readAnalystAnswer(deps.db, { conversationId, stopped: input.signal.aborted });
}
