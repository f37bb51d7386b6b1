import type { ClientToServerEvents, ServerToClientEvents } from '@querent/contracts';
import type { Server, Socket } from 'socket.io';
import type { User } from '../modules/users/user.ts';

/** What instances tell each other through the adapter: requests for a turn running elsewhere. */
export interface InterServerEvents {
  stopTurn: (conversationId: string) => void;
  decideWrite: (conversationId: string, queryId: string, decision: 'confirmed' | 'rejected') => void;
}

export interface SocketData {
  user: User;
  /** The signed-in session the socket was opened with; null in local mode. */
  sessionId: string | null;
}

export type QuerentServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type QuerentSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
