import type { ChatChart, ChatQuery } from '@querent/contracts';
import { createContext, useContext } from 'react';

/** What every message of the open conversation needs, without passing it through each level. */
export interface ChatViewContextValue {
  conversationId: string;
  /** The context's engine, for the SQL dialect of formatting. */
  engine: string | null;
  /** The context's database, where a query saved from an answer goes. */
  databaseId: string | null;
  queries: Map<string, ChatQuery>;
  charts: Map<string, ChatChart>;
  /** Running, pending or stopping: edit, regenerate and confirm wait. */
  busy: boolean;
  /** Shows why an action was refused by the input. */
  report: (error: unknown) => void;
}

const ChatViewContext = createContext<ChatViewContextValue | null>(null);

export const ChatViewProvider = ChatViewContext.Provider;

export function useChatView(): ChatViewContextValue {
  const value = useContext(ChatViewContext);
  if (!value) throw new Error('useChatView must be used inside <ChatViewProvider>');
  return value;
}
