import { useEffect } from 'react';
import { useServices } from '../../app/services-context.tsx';
import { useUserStore } from '../../stores/user-store.ts';

/** Opens the socket once someone is signed in (the server authenticates the handshake). */
export function useSocketConnection(): void {
  const { socket } = useServices();
  const userId = useUserStore((state) => state.user.id);
  useEffect(() => {
    if (userId === null) return;
    if (!socket.connected) socket.connect();
    return () => {
      socket.disconnect();
    };
  }, [socket, userId]);
}
