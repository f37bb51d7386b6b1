import type { Services } from '../../app/services.ts';
import { useContextStore } from '../../stores/context-store.ts';
import { NO_CONTEXT_ERROR } from './entity-rules.ts';

/**
 * Creates a conversation in the selected context and asks the analyst `text` in it; returns the
 * new conversation id so the caller can open it.
 */
export async function startConversation(
  services: Pick<Services, 'api' | 'socket'>,
  text: string,
): Promise<string> {
  const contextId = useContextStore.getState().contextSelectedId;
  if (contextId === null) throw new Error(NO_CONTEXT_ERROR);
  const conversation = await services.api.conversations.create(contextId);
  services.socket.emit('ask', conversation.id, text);
  return conversation.id;
}
