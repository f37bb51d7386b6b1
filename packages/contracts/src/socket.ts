import type { ConversationSummary, Message, ServerConversationStatus } from './conversations.ts';

/** Events the browser sends. */
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

/** A piece of an answer being written; the stored message with all of it follows as `response`. */
export interface ResponseChunkEvent {
  conversationId: string;
  messageId: string;
  delta: string;
}

/** Events the server sends, only to the rooms of the user concerned. */
export interface ServerToClientEvents {
  /** A stored message, new or changed (same id: replace it). */
  response: (message: Message & { credits_remaining?: number }) => void;
  status: (event: StatusEvent) => void;
  error: (event: SocketErrorEvent) => void;
  'delete-message': (messageId: string) => void;
  'response-chunk': (chunk: ResponseChunkEvent) => void;
  /** A conversation's summary changed (named from its first question). */
  conversation: (summary: ConversationSummary) => void;
}

/** The room every socket of one user joins, so events reach all their tabs. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}
