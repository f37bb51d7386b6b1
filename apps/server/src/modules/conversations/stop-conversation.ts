import type { WriteDecision } from '../../agent/tools/agent-tool.ts';
import { AppError } from '../../errors.ts';
import type { User } from '../users/users.repo.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatEvents } from './chat-events.ts';
import { requireOwnedConversation } from './conversation-access.ts';
import { effectiveStatus, markStopping } from './conversations.repo.ts';

/**
 * Socket `stop`: the turn's model call is aborted and its SQL cancelled in the database, here or
 * on the instance running it (relayed); `to_stop` is said at once, `clear` when it has stopped.
 * Stopping a conversation that is not running just says its status again.
 */
export async function stopConversation(
  deps: ChatDeps,
  input: { user: User; conversationId: string; events: ChatEvents },
): Promise<void> {
  const conversation = await requireOwnedConversation(deps.db, input.user, input.conversationId);
  const id = conversation.id;
  if (deps.turns.get(id)) {
    // Said before aborting, so it cannot arrive after the turn's own `clear`.
    input.events.status({ conversation_id: id, status: 'to_stop', error: null });
    deps.turns.abort(id);
    return;
  }
  if (await markStopping(deps.db, id)) {
    input.events.status({ conversation_id: id, status: 'to_stop', error: null });
    deps.relay.stop(id);
    return;
  }
  const status = effectiveStatus(conversation);
  input.events.status({
    conversation_id: id,
    status: status === 'error' ? 'error' : 'clear',
    error: status === 'error' ? conversation.error : null,
  });
}

/**
 * Sockets `confirmWriteOperation` / `rejectWriteOperation`: the decision goes to the turn waiting
 * for it, on this instance or relayed to the one running it.
 */
export async function decideWrite(
  deps: ChatDeps,
  input: {
    user: User;
    conversationId: string;
    queryId: unknown;
    decision: WriteDecision;
    events: ChatEvents;
  },
): Promise<void> {
  const conversation = await requireOwnedConversation(deps.db, input.user, input.conversationId);
  const queryId = typeof input.queryId === 'string' ? input.queryId : '';
  if (deps.turns.decide(conversation.id, queryId, input.decision)) return;
  if (!deps.turns.get(conversation.id) && effectiveStatus(conversation) === 'running') {
    deps.relay.decide(conversation.id, queryId, input.decision);
    return;
  }
  throw new AppError('CONFLICT', 'This write is no longer waiting for confirmation', { field: 'queryId' });
}
