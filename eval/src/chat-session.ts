import type {
  ClientToServerEvents,
  Conversation,
  ConversationSummary,
  ServerToClientEvents,
  SocketErrorEvent,
  StatusEvent,
} from '@querent/contracts';
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';
import { callApi } from './eval-server.ts';

/*
 * Asking as the chat does: a conversation per case over REST, each question sent with the socket's
 * `ask`, and the turn's end read from its `status` event (clear or error); then the stored
 * conversation, with every tool call and result, read back over REST.
 */

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TurnEnd {
  status: 'clear' | 'error';
  error: string | null;
}

export interface ChatSession {
  startConversation(contextId: string): Promise<string>;
  /** Sends a question and waits for the turn to end (or the time limit, an error). */
  ask(conversationId: string, question: string, timeoutMs: number): Promise<TurnEnd>;
  read(conversationId: string): Promise<Conversation>;
  close(): void;
}

export async function openChatSession(baseUrl: string): Promise<ChatSession> {
  const socket: ChatSocket = io(baseUrl, { transports: ['polling'], reconnection: false, timeout: 10_000 });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    async startConversation(contextId) {
      const created = await callApi<ConversationSummary>(baseUrl, 'POST', '/api/conversations', {
        contextId,
      });
      return created.id;
    },
    ask(conversationId, question, timeoutMs) {
      return new Promise<TurnEnd>((resolve) => {
        const finish = (end: TurnEnd) => {
          clearTimeout(timer);
          socket.off('status', onStatus);
          socket.off('error', onError);
          resolve(end);
        };
        const onStatus = (event: StatusEvent) => {
          if (event.conversation_id !== conversationId) return;
          if (event.status === 'clear') finish({ status: 'clear', error: null });
          if (event.status === 'error') finish({ status: 'error', error: event.error ?? 'The turn failed.' });
        };
        const onError = (event: SocketErrorEvent) => {
          if (event.conversationId === conversationId) finish({ status: 'error', error: event.message });
        };
        const timer = setTimeout(() => {
          socket.emit('stop', conversationId);
          finish({ status: 'error', error: `No answer within ${timeoutMs} ms` });
        }, timeoutMs);
        socket.on('status', onStatus);
        socket.on('error', onError);
        socket.emit('ask', conversationId, question);
      });
    },
    read: (conversationId) => callApi<Conversation>(baseUrl, 'GET', `/api/conversations/${conversationId}`),
    close: () => socket.disconnect(),
  };
}
