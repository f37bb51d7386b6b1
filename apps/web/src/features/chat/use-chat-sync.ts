import { useEffect } from 'react';
import { useServices } from '../../app/services-context.tsx';
import { useContextStore } from '../../stores/context-store.ts';
import { bindChatSocket } from './bind-chat-socket.ts';
import { loadConversationList } from './chat-actions.ts';

/**
 * Keeps the chat store live: socket events flow in, and the context's conversation list is
 * loaded anew whenever the selected context changes. Mounted once, by the sidebar's list.
 */
export function useChatSync(): void {
  const services = useServices();
  const contextId = useContextStore((state) => state.contextSelectedId);
  useEffect(() => bindChatSocket(services.socket), [services.socket]);
  useEffect(() => {
    void loadConversationList(services, contextId);
  }, [services, contextId]);
}
