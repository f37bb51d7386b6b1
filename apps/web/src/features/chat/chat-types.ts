import type { Abilities, ConversationStatus, Message } from '@querent/contracts';

/** A message as the chat holds it: a stored one, or an answer still streaming in. */
export type ChatMessage = Message & { streaming?: boolean };

export type ChatStatus = ConversationStatus;

/** One conversation as the chat knows it: its summary, its live status and, once loaded, its messages. */
export interface ConversationEntry {
  id: string;
  name: string | null;
  contextId: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  status: ChatStatus;
  /** Shared with the owner's organisation (read-only to colleagues). */
  shared: boolean;
  /** What the user may do with it, as the server said; null until its summary arrived. */
  abilities: Abilities | null;
  /** Why the last turn failed (server status or a failed fetch); shown with Regenerate. */
  error: string | null;
  /** The last message the server refused a request with, shown by the input until the next send. */
  notice: string | null;
  messages: ChatMessage[];
  /** Whether `messages` holds the stored conversation (fetched, or created here and so empty). */
  loaded: boolean;
  loading: boolean;
}

export function emptyEntry(id: string): ConversationEntry {
  return {
    id,
    name: null,
    contextId: null,
    createdAt: null,
    updatedAt: null,
    status: 'clear',
    shared: false,
    abilities: null,
    error: null,
    notice: null,
    messages: [],
    loaded: false,
    loading: false,
  };
}

/** Running, about to run, or stopping: the sidebar shows a spinner and the input waits. */
export function isBusy(status: ChatStatus): boolean {
  return status === 'pending' || status === 'running' || status === 'to_stop';
}
