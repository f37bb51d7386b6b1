import type { ErrorCode } from './errors.ts';
import type { ConversationSummary, Message, ServerConversationStatus } from './conversations.ts';

// The events the browser sends are declared with their schemas in socket-events.ts.

export interface StatusEvent {
  conversation_id: string;
  status: ServerConversationStatus;
  error?: string | null;
}

/**
 * A refusal, sent only to the socket whose event it answers. An event no client event schema
 * accepts is refused with code BAD_REQUEST and the argument at fault in `field`.
 */
export interface SocketErrorEvent {
  message: string;
  conversationId?: string | null;
  /** Beyond the specified fields: the error's code, as in REST errors (e.g. RATE_LIMITED). */
  code?: ErrorCode;
  /** The argument at fault, for bad input (e.g. `text`). */
  field?: string;
}

/** A piece of an answer being written; the stored message with all of it follows as `response`. */
export interface ResponseChunkEvent {
  conversationId: string;
  messageId: string;
  delta: string;
}

/**
 * How a data-quality run (a scan, an analysis, checks run on demand) is getting on; the web turns
 * it into a progress notification and refreshes the business entities and issues it changed.
 */
export interface QualityProgressEvent {
  databaseId: string;
  /** The conversation the run reports into (a scan or an analysis from the chat), if any. */
  conversationId: string | null;
  /** One id per run, so every event of a run updates the same notification. */
  runId: string;
  phase: 'profiling' | 'checking' | 'scoring' | 'done' | 'failed';
  /** Tables done out of all, for the progress bar. */
  done: number;
  total: number;
  message: string;
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
  'quality-progress': (event: QualityProgressEvent) => void;
}

/** The room every socket of one user joins, so events reach all their tabs. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}
