import type { ChatMessage } from './chat-types.ts';

/** A stored message replaces the one with its id (a streamed draft, or an older state) or is appended. */
export function upsertMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = messages.findIndex((item) => item.id === message.id);
  if (index === -1) return [...messages, message];
  return messages.map((item, position) => (position === index ? message : item));
}

/** Adds a streamed piece to its draft, creating the draft on the first piece. */
export function appendChunk(
  messages: readonly ChatMessage[],
  chunk: { conversationId: string; messageId: string; delta: string },
): ChatMessage[] {
  const index = messages.findIndex((item) => item.id === chunk.messageId);
  if (index === -1) {
    return [
      ...messages,
      {
        id: chunk.messageId,
        conversationId: chunk.conversationId,
        role: 'assistant',
        content: chunk.delta,
        functionCall: null,
        createdAt: new Date().toISOString(),
        streaming: true,
      },
    ];
  }
  return messages.map((item, position) =>
    position === index ? { ...item, content: (item.content ?? '') + chunk.delta } : item,
  );
}

/**
 * The fetched conversation is the truth, but events may have arrived while it was in flight (the
 * first question of a new chat, a streamed draft): those it does not hold yet are kept after it.
 */
export function mergeFetched(fetched: readonly ChatMessage[], live: readonly ChatMessage[]): ChatMessage[] {
  const known = new Set(fetched.map((message) => message.id));
  return [...fetched, ...live.filter((message) => !known.has(message.id))];
}
