import type { ClientToServerEvents, ServerToClientEvents } from '@querent/contracts';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Polling only, reconnect after 1 s up to 5 s with 0.5 jitter, 20 s connect timeout. */
export const socketOptions = {
  transports: ['polling'],
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  // Connecting waits for a signed-in user: the server authenticates the handshake.
  autoConnect: false,
} satisfies Partial<ManagerOptions & SocketOptions>;

export type SocketFactory = (
  url: string | undefined,
  options: Partial<ManagerOptions & SocketOptions>,
) => AppSocket;

const defaultFactory: SocketFactory = (url, options) => (url === undefined ? io(options) : io(url, options));

export interface SocketClientDeps {
  /** Same origin when undefined. */
  url?: string;
  factory?: SocketFactory;
  onConnectedChange: (connected: boolean) => void;
  /**
   * The server refused the handshake because the session is over (signed out elsewhere, revoked,
   * deactivated): the caller re-authenticates as after a 401, instead of showing stale pages.
   */
  onSessionRefused?: () => void;
}

/** The message of the server's handshake refusal when the cookie names no live session. */
export const SESSION_REFUSED = 'Unauthorized';

/**
 * The real-time connection. The connected flag goes to the caller's store; errors and
 * disconnects are only logged, and socket.io's own reconnection handles network
 * loss. A disconnect the server initiated is not retried by socket.io, so we reconnect ourselves.
 */
export function createSocketClient({
  url,
  factory = defaultFactory,
  onConnectedChange,
  onSessionRefused,
}: SocketClientDeps): AppSocket {
  // A copy: socket.io writes its own defaults (path, …) into the options object it is given.
  const socket = factory(url, { ...socketOptions, transports: [...socketOptions.transports] });
  socket.on('connect', () => onConnectedChange(true));
  socket.on('disconnect', (reason) => {
    onConnectedChange(false);
    console.warn('Socket disconnected:', reason);
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.on('connect_error', (error) => {
    console.error('Socket connection error:', error.message);
    if (error.message === SESSION_REFUSED) onSessionRefused?.();
  });
  socket.io.on('reconnect_failed', () => console.error('Socket reconnection failed'));
  socket.io.on('error', (error) => console.error('Socket error:', error.message));
  return socket;
}
