import type {
  Conversation,
  ConversationSummary,
  Message,
  ResponseChunkEvent,
  SocketErrorEvent,
  StatusEvent,
} from '@querent/contracts';
import { create } from 'zustand';
import {
  ALREADY_RUNNING,
  CONVERSATION_NOT_FOUND,
  isSubscriptionRequired,
  PENDING_TIMEOUT_MS,
  SOCKET_DISCONNECTED,
} from './chat-rules.ts';
import { type ChatStatus, type ConversationEntry, emptyEntry } from './chat-types.ts';
import { appendChunk, mergeFetched, upsertMessage } from './message-merge.ts';

export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ChatState {
  /** The context whose conversations `listIds` holds. */
  contextId: string | null;
  /** The context's conversations, most recently updated first. */
  listIds: string[];
  listStatus: ListStatus;
  listError: string | null;
  conversations: Record<string, ConversationEntry>;
  /** Set by a SUBSCRIPTION_REQUIRED error, cleared by any response. */
  subscriptionRequired: boolean;
}

export interface ChatActions {
  /** A new context: its conversations are dropped until its list arrives. */
  startList: (contextId: string | null) => void;
  setList: (contextId: string, summaries: readonly ConversationSummary[]) => void;
  setListError: (contextId: string, message: string) => void;
  /** A created, renamed or re-named-by-the-server conversation; new ones go to the top. */
  upsertSummary: (summary: ConversationSummary) => void;
  removeConversation: (id: string) => void;
  /** The owner shared it with their organisation, or made it private again. */
  setShared: (id: string, shared: boolean) => void;
  startLoading: (id: string) => void;
  setConversation: (conversation: Conversation) => void;
  /** A created conversation has no messages yet: nothing to fetch. */
  markLoaded: (id: string) => void;
  /** An error fetching messages is set on the conversation, with status error. */
  setLoadError: (id: string, message: string) => void;
  /** Throws the refusal texts when the conversation cannot take a message now. */
  assertCanSend: (id: string, connected: boolean) => void;
  /** Sending sets pending; still pending after 10 s it goes back to clear. */
  markPending: (id: string) => void;
  setNotice: (id: string, notice: string | null) => void;
  editMessageContent: (conversationId: string, messageId: string, content: string) => void;
  applyStatus: (event: StatusEvent) => void;
  applyError: (event: SocketErrorEvent) => void;
  applyResponse: (message: Message) => void;
  applyChunk: (chunk: ResponseChunkEvent) => void;
  /** Throws 'Conversation not found' when no conversation holds that message. */
  deleteMessage: (messageId: string) => void;
  conversationIdOfMessage: (messageId: string) => string;
  reset: () => void;
}

export type ChatStore = ChatState & ChatActions;

const initialState: ChatState = {
  contextId: null,
  listIds: [],
  listStatus: 'idle',
  listError: null,
  conversations: {},
  subscriptionRequired: false,
};

// One timer per conversation: a second send restarts the 10 s, a status from the server ends it.
const pendingTimers = new Map<string, ReturnType<typeof setTimeout>>();

function cancelPendingTimer(id: string): void {
  const timer = pendingTimers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  pendingTimers.delete(id);
}

function summaryFields(summary: ConversationSummary) {
  return {
    name: summary.name,
    contextId: summary.contextId,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
    shared: summary.shared,
    abilities: summary.abilities,
  };
}

/**
 * A status read from the server (list or fetch) replaces ours, except that a send we are still
 * waiting on stays pending: the server may not have seen it yet.
 */
function readStatus(current: ChatStatus, fromServer: ChatStatus): ChatStatus {
  return current === 'pending' && fromServer === 'clear' ? 'pending' : fromServer;
}

export const useChatStore = create<ChatStore>()((set, get) => {
  function patch(id: string, change: (entry: ConversationEntry) => Partial<ConversationEntry>): void {
    set((state) => {
      const entry = state.conversations[id] ?? emptyEntry(id);
      return { conversations: { ...state.conversations, [id]: { ...entry, ...change(entry) } } };
    });
  }

  function setStatus(id: string, status: ChatStatus, error: string | null): void {
    if (status !== 'pending') cancelPendingTimer(id);
    patch(id, () => ({ status, error }));
  }

  return {
    ...initialState,

    startList(contextId) {
      // Conversations of other contexts go; one of this context (or still loading, context not yet
      // known) stays, so a chat opened by address survives the first context resolution.
      const conversations: Record<string, ConversationEntry> = {};
      for (const entry of Object.values(get().conversations)) {
        if (entry.contextId === contextId || (entry.contextId === null && entry.loading)) {
          conversations[entry.id] = entry;
        } else cancelPendingTimer(entry.id);
      }
      set({
        contextId,
        listIds: [],
        conversations,
        listStatus: contextId === null ? 'idle' : 'loading',
        listError: null,
      });
    },

    setList(contextId, summaries) {
      if (get().contextId !== contextId) return; // an answer for a context left meanwhile
      set((state) => {
        const conversations = { ...state.conversations };
        for (const summary of summaries) {
          const entry = conversations[summary.id] ?? emptyEntry(summary.id);
          conversations[summary.id] = {
            ...entry,
            ...summaryFields(summary),
            status: readStatus(entry.status, summary.status),
          };
        }
        return {
          conversations,
          listIds: summaries.map((summary) => summary.id),
          listStatus: 'ready',
          listError: null,
        };
      });
    },

    setListError(contextId, message) {
      if (get().contextId !== contextId) return;
      set({ listStatus: 'error', listError: message });
    },

    upsertSummary(summary) {
      patch(summary.id, () => summaryFields(summary));
      set((state) => {
        if (state.contextId !== summary.contextId || state.listIds.includes(summary.id)) return {};
        return { listIds: [summary.id, ...state.listIds] };
      });
    },

    removeConversation(id) {
      cancelPendingTimer(id);
      set((state) => {
        const { [id]: _removed, ...conversations } = state.conversations;
        return { conversations, listIds: state.listIds.filter((item) => item !== id) };
      });
    },

    setShared(id, shared) {
      patch(id, () => ({ shared }));
    },

    startLoading(id) {
      patch(id, () => ({ loading: true }));
    },

    setConversation(conversation) {
      patch(conversation.id, (entry) => {
        const status = readStatus(entry.status, conversation.status);
        if (status !== 'pending') cancelPendingTimer(conversation.id);
        return {
          ...summaryFields(conversation),
          status,
          error: conversation.error,
          messages: mergeFetched(conversation.messages, entry.messages),
          loaded: true,
          loading: false,
        };
      });
    },

    markLoaded(id) {
      patch(id, () => ({ loaded: true, loading: false }));
    },

    setLoadError(id, message) {
      cancelPendingTimer(id);
      // Marked loaded so the screen shows the error (with Reload) instead of fetching again in a loop.
      patch(id, () => ({ status: 'error', error: message, loading: false, loaded: true }));
    },

    assertCanSend(id, connected) {
      const status = get().conversations[id]?.status;
      if (status === 'running' || status === 'pending') throw new Error(ALREADY_RUNNING);
      if (!connected) throw new Error(SOCKET_DISCONNECTED);
    },

    markPending(id) {
      cancelPendingTimer(id);
      patch(id, () => ({ status: 'pending', error: null, notice: null }));
      pendingTimers.set(
        id,
        setTimeout(() => {
          pendingTimers.delete(id);
          if (get().conversations[id]?.status === 'pending') patch(id, () => ({ status: 'clear' }));
        }, PENDING_TIMEOUT_MS),
      );
    },

    setNotice(id, notice) {
      patch(id, () => ({ notice }));
    },

    editMessageContent(conversationId, messageId, content) {
      patch(conversationId, (entry) => ({
        messages: entry.messages.map((message) =>
          message.id === messageId ? { ...message, content } : message,
        ),
      }));
    },

    applyStatus(event) {
      setStatus(event.conversation_id, event.status, event.error ?? null);
    },

    applyError(event) {
      const id = event.conversationId ?? null;
      if (isSubscriptionRequired(event.message)) {
        set({ subscriptionRequired: true });
        if (id !== null) setStatus(id, 'clear', null);
        return;
      }
      if (id === null) return;
      // The server refused a request: a send we were waiting on will not run.
      if (get().conversations[id]?.status === 'pending') setStatus(id, 'clear', null);
      patch(id, () => ({ notice: event.message }));
    },

    applyResponse(message) {
      set({ subscriptionRequired: false });
      if (!get().conversations[message.conversationId]) return; // not open here; fetched when opened
      const { credits_remaining: _credits, ...stored } = message as Message & { credits_remaining?: number };
      patch(message.conversationId, (entry) => ({ messages: upsertMessage(entry.messages, stored) }));
    },

    applyChunk(chunk) {
      if (!get().conversations[chunk.conversationId]) return;
      patch(chunk.conversationId, (entry) => ({ messages: appendChunk(entry.messages, chunk) }));
    },

    deleteMessage(messageId) {
      const id = get().conversationIdOfMessage(messageId);
      patch(id, (entry) => ({ messages: entry.messages.filter((message) => message.id !== messageId) }));
    },

    conversationIdOfMessage(messageId) {
      const entry = Object.values(get().conversations).find((conversation) =>
        conversation.messages.some((message) => message.id === messageId),
      );
      if (!entry) throw new Error(CONVERSATION_NOT_FOUND);
      return entry.id;
    },

    reset() {
      for (const id of [...pendingTimers.keys()]) cancelPendingTimer(id);
      set(initialState);
    },
  };
});
