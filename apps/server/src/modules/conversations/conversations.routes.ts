import {
  conversationSchema,
  conversationSummarySchema,
  createConversationBodySchema,
  listConversationsQuerySchema,
  renameConversationBodySchema,
} from '@querent/contracts';
import { z } from 'zod';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { StoreDb } from '../../store/connect.ts';
import { deleteConversation, renameConversation } from './change-conversation.ts';
import { createConversation } from './create-conversation.ts';
import { getConversation, listConversations } from './list-conversations.ts';

const idParams = z.object({ id: z.string().min(1) });
const tags = ['conversations'];

export interface ConversationRoutesDeps {
  db: StoreDb;
  /** Stops the turn answering a conversation, wherever it runs. */
  stopTurn: (conversationId: string) => void;
}

export function registerConversationRoutes(app: ZodApp, deps: ConversationRoutesDeps): void {
  app.get(
    '/api/conversations',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'The user’s conversations about a database or project, most recent first',
        querystring: listConversationsQuerySchema,
        response: { 200: z.array(conversationSummarySchema), ...errorResponses },
      },
    },
    (request) => listConversations(deps, { user: currentUser(request), contextId: request.query.contextId }),
  );

  app.get(
    '/api/conversations/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'One conversation with its messages, their query results and charts',
        params: idParams,
        response: { 200: conversationSchema, ...errorResponses },
      },
      // Messages carry result rows; the use case is typed to the schema, so re-validating every
      // row on the way out would only cost time.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    (request) => getConversation(deps, { user: currentUser(request), conversationId: request.params.id }),
  );

  app.post(
    '/api/conversations',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Start a conversation about a database (database-{id}) or a project (project-{id})',
        body: createConversationBodySchema,
        response: { 201: conversationSummarySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createConversation(deps, {
        user: currentUser(request),
        contextId: request.body.contextId,
      });
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/conversations/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Rename a conversation',
        params: idParams,
        body: renameConversationBodySchema,
        response: { 200: conversationSummarySchema, ...errorResponses },
      },
    },
    (request) =>
      renameConversation(deps, {
        user: currentUser(request),
        conversationId: request.params.id,
        name: request.body.name,
      }),
  );

  app.delete(
    '/api/conversations/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a conversation and its messages; a running turn is stopped first',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteConversation(deps, { user: currentUser(request), conversationId: request.params.id });
      return reply.code(204).send(null);
    },
  );
}
