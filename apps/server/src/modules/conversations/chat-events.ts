import type {
  ConversationSummary,
  Message,
  ResponseChunkEvent,
  SocketErrorEvent,
  StatusEvent,
} from '@querent/contracts';

/**
 * What a conversation tells its owner while it runs. The realtime layer sends each to the owner's
 * room only; use cases never see a socket.
 */
export interface ChatEvents {
  /** A stored message, new or changed; in hosted mode with the credits left. */
  message(message: Message & { credits_remaining?: number }): void;
  chunk(chunk: ResponseChunkEvent): void;
  status(event: StatusEvent): void;
  deleted(messageId: string): void;
  conversation(summary: ConversationSummary): void;
  /** A request that could not be served; goes to whoever asked. */
  error(event: SocketErrorEvent): void;
}
