import type { ClientToServerEvents, ServerToClientEvents } from '@querent/contracts';
import type { Server, Socket } from 'socket.io';
import type { User } from '../modules/users/users.repo.ts';

/** Instances talk to each other only through the adapter's built-in broadcasts for now. */
export type InterServerEvents = Record<string, never>;

export interface SocketData {
  user: User;
}

export type QuerentServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type QuerentSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
