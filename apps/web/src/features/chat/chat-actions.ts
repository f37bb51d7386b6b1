import type { Services } from '../../app/services.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { NO_CONTEXT_SELECTED, SOCKET_DISCONNECTED } from './chat-rules.ts';
import { useChatStore } from './chat-store.ts';
import { isBusy } from './chat-types.ts';

/** What the chat needs of the app: the REST calls and the socket. */
export type ChatServices = Pick<Services, 'api' | 'socket'>;

/** A question in plain text (socket `ask`) or SQL to run as it is (socket `query`). */
export interface ChatInput {
  mode: 'text' | 'sql';
  text: string;
}

/** Sends into an existing conversation; throws the refusal texts when it cannot be sent now. */
export function sendToConversation(services: ChatServices, conversationId: string, input: ChatInput): void {
  const store = useChatStore.getState();
  store.assertCanSend(conversationId, services.socket.connected);
  store.markPending(conversationId);
  if (input.mode === 'sql') services.socket.emit('query', conversationId, input.text);
  else services.socket.emit('ask', conversationId, input.text);
}

/**
 * The first message of a new chat: creates the conversation in the context, then sends. The
 * connection is checked first so a refused send leaves no empty conversation behind.
 */
export async function startConversationWith(
  services: ChatServices,
  contextId: string | null,
  input: ChatInput,
): Promise<string> {
  if (contextId === null) throw new Error(NO_CONTEXT_SELECTED);
  if (!services.socket.connected) throw new Error(SOCKET_DISCONNECTED);
  const summary = await services.api.conversations.create(contextId);
  const store = useChatStore.getState();
  store.upsertSummary(summary);
  store.markLoaded(summary.id);
  sendToConversation(services, summary.id, input);
  return summary.id;
}

/**
 * Runs the conversation again from one of its user messages; with `content`, that message is
 * edited first (the server deletes every later message and says so with `delete-message`).
 */
export function regenerateFromMessage(services: ChatServices, messageId: string, content?: string): void {
  const store = useChatStore.getState();
  const conversationId = store.conversationIdOfMessage(messageId);
  store.assertCanSend(conversationId, services.socket.connected);
  store.markPending(conversationId);
  if (content === undefined) {
    services.socket.emit('regenerateFromMessage', conversationId, messageId);
    return;
  }
  store.editMessageContent(conversationId, messageId, content);
  services.socket.emit('regenerateFromMessage', conversationId, messageId, content);
}

export function stopConversation(services: ChatServices, conversationId: string): void {
  if (!services.socket.connected) throw new Error(SOCKET_DISCONNECTED);
  services.socket.emit('stop', conversationId);
}

/** Answers a write the analyst is waiting on; the card updates when the server re-sends it. */
export function answerWrite(
  services: ChatServices,
  conversationId: string,
  queryId: string,
  confirmed: boolean,
): void {
  if (!services.socket.connected) throw new Error(SOCKET_DISCONNECTED);
  services.socket.emit(confirmed ? 'confirmWriteOperation' : 'rejectWriteOperation', conversationId, queryId);
}

export async function loadConversation(services: ChatServices, conversationId: string): Promise<void> {
  const store = useChatStore.getState();
  store.startLoading(conversationId);
  try {
    store.setConversation(await services.api.conversations.get(conversationId));
  } catch (error) {
    store.setLoadError(conversationId, errorMessage(error, 'Could not load the conversation'));
  }
}

/**
 * After the live connection came back: a turn that ended meanwhile (its server stopped, and the
 * instance that closed it told nobody listening) would look busy forever, so every loaded
 * conversation still shown busy is read again. The messages stay on screen while it is read.
 */
export async function resyncBusyConversations(services: ChatServices): Promise<void> {
  const busy = Object.values(useChatStore.getState().conversations).filter(
    (entry) => entry.loaded && isBusy(entry.status),
  );
  await Promise.all(
    busy.map(async (entry) => {
      try {
        useChatStore.getState().setConversation(await services.api.conversations.get(entry.id));
      } catch (error) {
        console.warn('Could not read a conversation again after reconnecting:', errorMessage(error));
      }
    }),
  );
}

/** Clears the list and loads the context's conversations, as every change of context does. */
export async function loadConversationList(services: ChatServices, contextId: string | null): Promise<void> {
  const store = useChatStore.getState();
  store.startList(contextId);
  if (contextId === null) return;
  try {
    store.setList(contextId, await services.api.conversations.list(contextId));
  } catch (error) {
    store.setListError(contextId, errorMessage(error, 'Could not load conversations'));
  }
}

export async function renameConversation(services: ChatServices, id: string, name: string): Promise<void> {
  useChatStore.getState().upsertSummary(await services.api.conversations.rename(id, name));
}

export async function deleteConversation(services: ChatServices, id: string): Promise<void> {
  await services.api.conversations.remove(id);
  useChatStore.getState().removeConversation(id);
}
