import type { AssistantModelMessage, ModelMessage, ProviderMetadata } from 'ai';

/** One piece of a model's reasoning, with what its provider needs to read it back. */
export interface KeptReasoning {
  text: string;
  providerMetadata: ProviderMetadata | null;
}

type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];

/**
 * Puts the reasoning of this turn's steps back before the tool calls it led to. The conversation
 * is read back from the store before every step, and reasoning is not stored (it is the
 * provider's, often encrypted, and only of use within the turn), so the loop keeps it by the id
 * of the step's first tool call and this adds it to the messages sent.
 */
export function withKeptReasoning(
  messages: readonly ModelMessage[],
  kept: ReadonlyMap<string, readonly KeptReasoning[]>,
): ModelMessage[] {
  if (kept.size === 0) return [...messages];
  return messages.map((message) => {
    if (message.role !== 'assistant' || typeof message.content === 'string') return message;
    // A step's reasoning came before anything it wrote or called, so it leads its message.
    const pieces = message.content.flatMap((part) =>
      part.type === 'tool-call' ? (kept.get(part.toolCallId) ?? []) : [],
    );
    if (pieces.length === 0) return message;
    const reasoning: AssistantPart[] = pieces.map((piece) => ({
      type: 'reasoning',
      text: piece.text,
      ...(piece.providerMetadata ? { providerOptions: piece.providerMetadata } : {}),
    }));
    return { ...message, content: [...reasoning, ...message.content] };
  });
}
