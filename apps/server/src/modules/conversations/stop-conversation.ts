import type { User } from '../users/user.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatEvents } from './chat-events.ts';
import { requireConversation } from './conversation-access.ts';
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
  const conversation = await requireConversation(deps.db, input.user, input.conversationId, 'run');
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
