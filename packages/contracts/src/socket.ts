import type { Message, ServerConversationStatus } from './conversations.ts';

/** Events the browser sends (SPEC.md §7, DESIGN.md §5). */
export interface ClientToServerEvents {
  ask: (conversationId: string, text: string) => void;
  query: (conversationId: string, sql: string) => void;
  regenerateFromMessage: (conversationId: string, messageId: string, content?: string) => void;
  stop: (conversationId: string) => void;
  confirmWriteOperation: (conversationId: string, queryId: string) => void;
  rejectWriteOperation: (conversationId: string, queryId: string) => void;
}

export interface StatusEvent {
  conversation_id: string;
  status: ServerConversationStatus;
  error?: string | null;
}

export interface SocketErrorEvent {
  message: string;
  conversationId?: string | null;
}

/** Events the server sends, only to the rooms of the user concerned. */
export interface ServerToClientEvents {
  response: (message: Message & { credits_remaining?: number }) => void;
  status: (event: StatusEvent) => void;
  error: (event: SocketErrorEvent) => void;
  'delete-message': (messageId: string) => void;
  'response-chunk': (chunk: { conversationId: string; messageId: string; delta: string }) => void;
}

/** The room every socket of one user joins, so events reach all their tabs. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}
