import { z } from 'zod';
import {
  createSavedQueryBodySchema,
  listQueriesQuerySchema,
  queryHistoryItemSchema,
  queryHistoryQuerySchema,
  queryResultsSchema,
  savedQuerySchema,
  updateSavedQueryBodySchema,
} from '../queries.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['queries'];

/** Saved queries and the history of runs. */
export const savedQueryRoutes = {
  'GET /api/queries': route({
    summary: 'The user’s saved queries (or, with saved=false, their unsaved runs), newest change first',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    query: listQueriesQuerySchema,
    response: z.array(savedQuerySchema),
  }),
  'GET /api/query-history': route({
    summary: 'The user’s 50 latest runs, newest first',
    tags,
    auth: 'required',
    query: queryHistoryQuerySchema,
    response: z.array(queryHistoryItemSchema),
  }),
  'POST /api/query': route({
    summary: 'Save a query',
    tags,
    auth: 'required',
    body: createSavedQueryBodySchema,
    status: 201,
    response: savedQuerySchema,
  }),
  'GET /api/query/:id': route({
    summary: 'A saved query (or a run from the history) with its last run summary',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: idParamsSchema,
    response: savedQuerySchema,
  }),
  'PUT /api/query/:id': route({
    summary: 'Change the title or SQL of a query (its owner only)',
    description: 'New SQL forgets the stored last result.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: updateSavedQueryBodySchema,
    response: savedQuerySchema,
  }),
  'DELETE /api/query/:id': route({
    summary: 'Delete a query with its charts (its owner only)',
    tags,
    auth: 'required',
    params: idParamsSchema,
    status: 204,
  }),
  'GET /api/query/:id/results': route({
    summary: 'Rows, count and columns of the query’s last run',
    description:
      'Answers the stored result (rows capped at QUERY_ROW_CAP) without running anything; a last run that failed answers its `error` with no rows. When nothing is stored, the query runs now and its result is stored.',
    tags,
    auth: 'required',
    apiKeyScope: 'metrics:run',
    params: idParamsSchema,
    response: queryResultsSchema,
  }),
  'POST /api/query/:id/run': route({
    summary: 'Run a query again and store its result',
    description:
      'As POST /api/query/_run (cap, time limit, safe mode, cancel on disconnect, 400 for failing SQL); the outcome becomes the query’s last result.',
    tags,
    auth: 'required',
    apiKeyScope: 'metrics:run',
    params: idParamsSchema,
    response: queryResultsSchema,
  }),
} satisfies RouteTable;
