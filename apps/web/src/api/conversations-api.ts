import type { Conversation, ConversationSummary } from '@querent/contracts';
import type { HttpClient } from '../lib/http-client.ts';

const conversationPath = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

/** SPEC.md §7 "Conversations": list by context, one with its messages, create, rename, delete. */
export function createConversationsApi(http: HttpClient) {
  return {
    list: (contextId: string) =>
      http.get<ConversationSummary[]>('/api/conversations', { query: { contextId } }),
    get: (id: string) => http.get<Conversation>(conversationPath(id)),
    create: (contextId: string) => http.post<ConversationSummary>('/api/conversations', { contextId }),
    rename: (id: string, name: string) => http.put<ConversationSummary>(conversationPath(id), { name }),
    remove: (id: string) => http.delete<undefined>(conversationPath(id)),
  };
}
