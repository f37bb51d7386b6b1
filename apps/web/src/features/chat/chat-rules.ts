/** Texts and limits the chat must match word for word (tests pin them). */
export const ALREADY_RUNNING = 'Conversation is already running';
export const SOCKET_DISCONNECTED = 'Socket is disconnected';
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const NO_CONTEXT_SELECTED = 'No context selected';

/** The socket `error` message that means the user has no credits or plan left. */
export const SUBSCRIPTION_REQUIRED = 'SUBSCRIPTION_REQUIRED';

/** The pending timeout: a send the server never acknowledged stops blocking the input after this. */
export const PENDING_TIMEOUT_MS = 10_000;

export function isSubscriptionRequired(message: string): boolean {
  return message.includes(SUBSCRIPTION_REQUIRED);
}
