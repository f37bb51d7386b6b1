import { useEffect } from 'react';
import { useServices } from '../../app/services-context.tsx';
import { useContextStore } from '../../stores/context-store.ts';
import { bindChatSocket } from './bind-chat-socket.ts';
import { loadConversationList, resyncBusyConversations } from './chat-actions.ts';

/**
 * Keeps the chat store live: socket events flow in, busy conversations are read again whenever
 * the connection (re)opens, and the context's conversation list is loaded anew whenever the
 * selected context changes. Mounted once, by the sidebar's list.
 */
export function useChatSync(): void {
  const services = useServices();
  const contextId = useContextStore((state) => state.contextSelectedId);
  useEffect(() => bindChatSocket(services.socket), [services.socket]);
  useEffect(() => {
    // Events sent while the connection was down are not replayed: read what may have changed.
    const resync = () => void resyncBusyConversations(services);
    services.socket.on('connect', resync);
    return () => {
      services.socket.off('connect', resync);
    };
  }, [services]);
  useEffect(() => {
    void loadConversationList(services, contextId);
  }, [services, contextId]);
}
