import { z } from 'zod';
import {
  conversationSchema,
  conversationSummarySchema,
  createConversationBodySchema,
  listConversationsQuerySchema,
  renameConversationBodySchema,
} from '../conversations.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['conversations'];

export const conversationRoutes = {
  'GET /api/conversations': route({
    summary: 'The user’s conversations about a database or project, most recent first',
    tags,
    auth: 'required',
    apiKeyScope: 'analyst:ask',
    query: listConversationsQuerySchema,
    response: z.array(conversationSummarySchema),
  }),
  'GET /api/conversations/:id': route({
    summary: 'One conversation with its messages, their query results and charts',
    tags,
    auth: 'required',
    apiKeyScope: 'analyst:ask',
    params: idParamsSchema,
    response: conversationSchema,
  }),
  'POST /api/conversations': route({
    summary: 'Start a conversation about a database (database-{id}) or a project (project-{id})',
    tags,
    auth: 'required',
    body: createConversationBodySchema,
    status: 201,
    response: conversationSummarySchema,
  }),
  'PUT /api/conversations/:id': route({
    summary: 'Rename a conversation',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: renameConversationBodySchema,
    response: conversationSummarySchema,
  }),
  'DELETE /api/conversations/:id': route({
    summary: 'Delete a conversation and its messages; a running turn is stopped first',
    tags,
    auth: 'required',
    params: idParamsSchema,
    status: 204,
  }),
} satisfies RouteTable;
