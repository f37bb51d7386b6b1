import type { WriteDecision } from '../../agent/agent-port.ts';
import { AppError } from '../../errors.ts';
import type { User } from '../users/user.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatEvents } from './chat-events.ts';
import { requireConversation } from './conversation-access.ts';
import { effectiveStatus } from './conversations.repo.ts';

/**
 * Sockets `confirmWriteOperation` / `rejectWriteOperation`: the decision goes to the turn waiting
 * for it, on this instance or relayed to the one running it.
 */
export async function decideWrite(
  deps: ChatDeps,
  input: {
    user: User;
    conversationId: string;
    queryId: string;
    decision: WriteDecision;
    events: ChatEvents;
  },
): Promise<void> {
  const conversation = await requireConversation(deps.db, input.user, input.conversationId, 'run');
  const { queryId } = input;
  if (deps.turns.decide(conversation.id, queryId, input.decision)) return;
  if (!deps.turns.get(conversation.id) && effectiveStatus(conversation) === 'running') {
    deps.relay.decide(conversation.id, queryId, input.decision);
    return;
  }
  throw new AppError('CONFLICT', 'This write is no longer waiting for confirmation', { field: 'queryId' });
}
