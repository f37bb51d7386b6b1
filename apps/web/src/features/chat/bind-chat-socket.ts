import type { Message, ResponseChunkEvent, SocketErrorEvent, StatusEvent } from '@querent/contracts';
import type { ConversationSummary } from '@querent/contracts';
import type { AppSocket } from '../../lib/socket-client.ts';
import { useUserStore } from '../../stores/user-store.ts';
import { useChatStore } from './chat-store.ts';

/** Feeds the server's conversation events into the chat store; returns the unsubscribe. */
export function bindChatSocket(socket: AppSocket): () => void {
  const chat = () => useChatStore.getState();

  const onResponse = (message: Message & { credits_remaining?: number }) => {
    chat().applyResponse(message);
    if (typeof message.credits_remaining === 'number') {
      useUserStore.getState().setCredits(message.credits_remaining);
    }
  };
  const onChunk = (chunk: ResponseChunkEvent) => chat().applyChunk(chunk);
  const onStatus = (event: StatusEvent) => chat().applyStatus(event);
  const onError = (event: SocketErrorEvent) => {
    console.error('Conversation error:', event.message);
    chat().applyError(event);
  };
  const onDelete = (messageId: string) => {
    try {
      chat().deleteMessage(messageId);
    } catch (error) {
      // A message of a conversation not open here: nothing to remove.
      console.warn('delete-message:', error instanceof Error ? error.message : error);
    }
  };
  const onConversation = (summary: ConversationSummary) => chat().upsertSummary(summary);

  socket.on('response', onResponse);
  socket.on('response-chunk', onChunk);
  socket.on('status', onStatus);
  socket.on('error', onError);
  socket.on('delete-message', onDelete);
  socket.on('conversation', onConversation);
  return () => {
    socket.off('response', onResponse);
    socket.off('response-chunk', onChunk);
    socket.off('status', onStatus);
    socket.off('error', onError);
    socket.off('delete-message', onDelete);
    socket.off('conversation', onConversation);
  };
}
