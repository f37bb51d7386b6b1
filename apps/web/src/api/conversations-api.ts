import type { RouteCalls } from './call-route.ts';

/** Conversations: list by context, one with its messages, create, rename, delete. */
export function createConversationsApi({ call }: RouteCalls) {
  return {
    list: (contextId: string) => call('GET /api/conversations', { query: { contextId } }),
    get: (id: string) => call('GET /api/conversations/:id', { params: { id } }),
    create: (contextId: string) => call('POST /api/conversations', { body: { contextId } }),
    rename: (id: string, name: string) =>
      call('PUT /api/conversations/:id', { params: { id }, body: { name } }),
    remove: (id: string) => call('DELETE /api/conversations/:id', { params: { id } }),
  };
}
