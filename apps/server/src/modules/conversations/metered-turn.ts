import { isAppError } from '../../errors.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatEvents } from './chat-events.ts';
import { changeMessage } from './store-message.ts';
import type { MeteredTurn } from './turn-meter.ts';

/**
 * Opens a turn's account with the user's credits before anything of it is stored. When nothing may
 * be spent the conversation is told it is clear again, and SUBSCRIPTION_REQUIRED is thrown for the
 * socket to answer the tab that asked.
 */
export async function openMeteredTurn(
  deps: ChatDeps,
  input: {
    user: { id: string; organizationId: string | null };
    conversationId: string;
    kind: 'question' | 'sql';
    events: ChatEvents;
  },
): Promise<MeteredTurn> {
  try {
    return await deps.meter.open(input);
  } catch (error) {
    if (isAppError(error) && error.code === 'SUBSCRIPTION_REQUIRED') {
      input.events.status({ conversation_id: input.conversationId, status: 'clear', error: null });
    }
    throw error;
  }
}

/** Every `response` of a metered turn says how many credits are left. */
export function withCreditsRemaining(events: ChatEvents, metered: MeteredTurn): ChatEvents {
  return {
    ...events,
    message: (message) => {
      const remaining = metered.creditsRemaining;
      events.message(remaining === null ? message : { ...message, credits_remaining: remaining });
    },
  };
}

/**
 * Answers, then settles the turn on what it really used and keeps the charge on the question
 * (sent again, so the chat shows tokens and credits). A failure to settle is logged, never shown
 * in place of the answer.
 */
export async function answerMetered(
  deps: ChatDeps,
  input: { metered: MeteredTurn; questionId: string; events: ChatEvents; signal: AbortSignal },
  answer: () => Promise<void>,
): Promise<void> {
  let answered = false;
  try {
    await answer();
    answered = true;
  } finally {
    const outcome = input.signal.aborted ? 'stopped' : answered ? 'answered' : 'failed';
    try {
      const charge = await input.metered.finish(outcome);
      if (charge !== null) await changeMessage(deps.db, input.events, input.questionId, { usage: charge });
    } catch (error) {
      deps.log.error({ err: error, messageId: input.questionId }, 'Could not settle the credits of a turn');
    }
  }
}
