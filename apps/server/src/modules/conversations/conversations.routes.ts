import type { conversationRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { uncheckedResponse } from '../../http/unchecked-response.ts';
import type { StoreDb } from '../../store/connect.ts';
import { deleteConversation, renameConversation } from './change-conversation.ts';
import { createConversation } from './create-conversation.ts';
import { getConversation, listConversations } from './list-conversations.ts';

export interface ConversationRoutesDeps {
  db: StoreDb;
  /** Stops the turn answering a conversation, wherever it runs. */
  stopTurn: (conversationId: string) => void;
}

export function conversationHandlers(deps: ConversationRoutesDeps): RouteHandlers<typeof conversationRoutes> {
  return {
    'GET /api/conversations': ({ user, query }) =>
      listConversations(deps, { user, contextId: query.contextId }),
    'GET /api/conversations/:id': {
      // Messages carry result rows.
      options: uncheckedResponse,
      handle: ({ user, params }) => getConversation(deps, { user, conversationId: params.id }),
    },
    'POST /api/conversations': ({ user, body }) =>
      createConversation(deps, { user, contextId: body.contextId }),
    'PUT /api/conversations/:id': ({ user, params, body }) =>
      renameConversation(deps, { user, conversationId: params.id, name: body.name }),
    'DELETE /api/conversations/:id': ({ user, params }) =>
      deleteConversation(deps, { user, conversationId: params.id }),
  };
}
