import type { WriteConfirmationArguments, WriteConfirmationStatus } from '@querent/contracts';
import { WRITE_CONFIRMATION_FUNCTION } from '@querent/contracts';
import type { WriteDecision, WriteRequest } from '../../agent/agent-port.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { ChatEvents } from './chat-events.ts';
import { changeMessage, storeMessage } from './store-message.ts';
import type { LiveTurn } from './turn-registry.ts';

/**
 * Shows the user a write the analyst wants to run, as a card with the SQL and the kind of
 * operation, and waits for Confirm or Reject. The card is updated with the outcome, `cancelled`
 * when the turn is stopped first.
 */
export async function confirmWithUser(
  deps: { db: StoreDb },
  input: { events: ChatEvents; turn: LiveTurn; request: WriteRequest },
): Promise<WriteDecision> {
  const { request, turn, events } = input;
  const decision = turn.expectDecision(request.queryId);
  // Awaited below; this only keeps a stop that lands before then from being an unhandled rejection.
  decision.catch(() => undefined);
  const pending: WriteConfirmationArguments = {
    queryId: request.queryId,
    query: request.sql,
    operation: request.operation,
    reason: request.reason,
    status: 'pending',
  };
  const card = await storeMessage(deps.db, events, {
    conversationId: turn.conversationId,
    role: 'assistant',
    content: null,
    queryId: request.queryId,
    functionCall: { name: WRITE_CONFIRMATION_FUNCTION, arguments: pending },
  });
  let status: WriteConfirmationStatus = 'cancelled';
  try {
    status = await decision;
    return status;
  } finally {
    await changeMessage(deps.db, events, card.id, {
      functionCall: { name: WRITE_CONFIRMATION_FUNCTION, arguments: { ...pending, status } },
    });
  }
}
