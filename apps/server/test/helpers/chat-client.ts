import type { ClientToServerEvents, ServerToClientEvents } from '@querent/contracts';
import type { Socket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import { TEST_USER_HEADER } from './api-client.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;

export interface ReceivedEvent {
  event: EventName;
  payload: unknown;
  at: number;
}

export interface ChatClient {
  socket: ClientSocket;
  received: ReceivedEvent[];
  /** Resolves with the first event (already received or to come) the predicate accepts. */
  waitFor<T = unknown>(event: EventName, accept?: (payload: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Events of one kind received so far. */
  all<T = unknown>(event: EventName): T[];
  close(): void;
}

const eventNames: EventName[] = [
  'response',
  'status',
  'error',
  'delete-message',
  'response-chunk',
  'conversation',
  'quality-progress',
];

/** A real Socket.IO client over polling (the app's only transport), optionally acting as another user. */
export async function connectChat(baseUrl: string, userId?: string): Promise<ChatClient> {
  const socket: ClientSocket = connect(baseUrl, {
    transports: ['polling'],
    reconnection: false,
    timeout: 5000,
    ...(userId === undefined ? {} : { extraHeaders: { [TEST_USER_HEADER]: userId } }),
  });
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  for (const event of eventNames) {
    socket.on(event, (payload: unknown) => {
      received.push({ event, payload, at: Date.now() });
      for (const wake of [...waiters]) wake();
    });
  }
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    received,
    all: <T>(event: EventName) =>
      received.filter((entry) => entry.event === event).map((entry) => entry.payload as T),
    waitFor<T>(event: EventName, accept: (payload: T) => boolean = () => true, timeoutMs = 15_000) {
      return new Promise<T>((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < received.length; seen += 1) {
            const entry = received[seen];
            if (entry?.event === event && accept(entry.payload as T)) {
              cleanup();
              resolve(entry.payload as T);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `Timed out waiting for ${event}; received: ${JSON.stringify(received.map((entry) => [entry.event, entry.payload])).slice(0, 3000)}`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => socket.disconnect(),
  };
}
