import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@querent/contracts';
// The server package lives in the server workspace; tests talk to a real one, never a mock.
import { Server } from 'socket.io';

export type ReceivedEvent = { event: keyof ClientToServerEvents; args: unknown[] };

export interface ChatSocketServer {
  url: string;
  /** Every event a client sent, in order. */
  received: ReceivedEvent[];
  /** Sends an event to every connected client, as the app's server does to a user's rooms. */
  emit: <E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ) => void;
  connectedCount: () => number;
  /** Drops every client, as a server restart would. */
  disconnectAll: () => void;
  close: () => Promise<void>;
}

const clientEvents: (keyof ClientToServerEvents)[] = [
  'ask',
  'query',
  'regenerateFromMessage',
  'stop',
  'confirmWriteOperation',
  'rejectWriteOperation',
];

/** A real Socket.IO server on a free port, polling only like the app's, recording what clients send. */
export async function startChatSocketServer(): Promise<ChatSocketServer> {
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, {
    transports: ['polling'],
    // jsdom's XMLHttpRequest enforces CORS: the test page's origin differs from this port.
    cors: { origin: true, credentials: true },
  });
  const received: ReceivedEvent[] = [];
  io.on('connection', (socket) => {
    for (const event of clientEvents) {
      socket.on(event, (...args: unknown[]) => received.push({ event, args }));
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    emit: (event, ...args) => {
      io.emit(event, ...args);
    },
    connectedCount: () => io.of('/').sockets.size,
    disconnectAll: () => {
      io.disconnectSockets(true);
    },
    close: async () => {
      io.disconnectSockets(true);
      io.engine.close();
      await io.close();
    },
  };
}
