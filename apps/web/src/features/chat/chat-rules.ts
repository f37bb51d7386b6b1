/** Texts and limits of SPEC.md §5 and §9 that the chat must match word for word. */
export const ALREADY_RUNNING = 'Conversation is already running';
export const SOCKET_DISCONNECTED = 'Socket is disconnected';
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const NO_CONTEXT_SELECTED = 'No context selected';

/** The socket `error` message that means the user has no credits or plan left (SPEC.md §4, §8). */
export const SUBSCRIPTION_REQUIRED = 'SUBSCRIPTION_REQUIRED';

/** A send the server never acknowledged stops blocking the input after this long (SPEC.md §9). */
export const PENDING_TIMEOUT_MS = 10_000;

export function isSubscriptionRequired(message: string): boolean {
  return message.includes(SUBSCRIPTION_REQUIRED);
}
