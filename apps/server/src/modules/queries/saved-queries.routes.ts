import {
  createSavedQueryBodySchema,
  listQueriesQuerySchema,
  queryHistoryItemSchema,
  queryHistoryQuerySchema,
  queryResultsSchema,
  savedQuerySchema,
  updateSavedQueryBodySchema,
} from '@querent/contracts';
import { z } from 'zod';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { abortOnClose } from './abort-on-close.ts';
import { createSavedQuery } from './create-saved-query.ts';
import { deleteSavedQuery } from './delete-saved-query.ts';
import { getQueryResults } from './get-query-results.ts';
import { getSavedQuery } from './get-saved-query.ts';
import { listHistory, listQueries } from './list-queries.ts';
import type { RunQueryDeps } from './run-query.ts';
import { runSavedQuery } from './run-saved-query.ts';
import { updateSavedQuery } from './update-saved-query.ts';

const idParams = z.object({ id: z.string().min(1) });
const tags = ['queries'];
// Results carry up to QUERY_ROW_CAP rows; validating each against the schema costs more than it checks.
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** Saved queries and history (SPEC.md §7 Queries): parse → use case → present. */
export function registerSavedQueryRoutes(app: ZodApp, deps: RunQueryDeps): void {
  app.get(
    '/api/queries',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'The user’s saved queries (or, with saved=false, their unsaved runs), newest change first',
        querystring: listQueriesQuerySchema,
        response: { 200: z.array(savedQuerySchema), ...errorResponses },
      },
    },
    (request) => listQueries(deps, { user: currentUser(request), filter: request.query }),
  );

  app.get(
    '/api/query-history',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'The user’s 50 latest runs, newest first',
        querystring: queryHistoryQuerySchema,
        response: { 200: z.array(queryHistoryItemSchema), ...errorResponses },
      },
    },
    (request) => listHistory(deps, { user: currentUser(request), databaseId: request.query.databaseId }),
  );

  app.post(
    '/api/query',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Save a query',
        body: createSavedQueryBodySchema,
        response: { 201: savedQuerySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const saved = await createSavedQuery(deps, { user: currentUser(request), body: request.body });
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/api/query/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'A saved query (or a run from the history) with its last run summary',
        params: idParams,
        response: { 200: savedQuerySchema, ...errorResponses },
      },
    },
    (request) => getSavedQuery(deps, { user: currentUser(request), queryId: request.params.id }),
  );

  app.put(
    '/api/query/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Change the title or SQL of a query (its owner only)',
        description: 'New SQL forgets the stored last result.',
        params: idParams,
        body: updateSavedQueryBodySchema,
        response: { 200: savedQuerySchema, ...errorResponses },
      },
    },
    (request) =>
      updateSavedQuery(deps, { user: currentUser(request), queryId: request.params.id, body: request.body }),
  );

  app.delete(
    '/api/query/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a query with its charts (its owner only)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteSavedQuery(deps, { user: currentUser(request), queryId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/query/:id/results',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Rows, count and columns of the query’s last run',
        description:
          'Answers the stored result (rows capped at QUERY_ROW_CAP) without running anything; a last run that failed answers its `error` with no rows. When nothing is stored, the query runs now and its result is stored.',
        params: idParams,
        response: { 200: queryResultsSchema, ...errorResponses },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const { signal, done } = abortOnClose(reply);
      try {
        return await getQueryResults(deps, {
          user: currentUser(request),
          queryId: request.params.id,
          signal,
        });
      } finally {
        done();
      }
    },
  );

  app.post(
    '/api/query/:id/run',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Run a query again and store its result',
        description:
          'As POST /api/query/_run (cap, time limit, safe mode, cancel on disconnect, 400 for failing SQL); the outcome becomes the query’s last result.',
        params: idParams,
        response: { 200: queryResultsSchema, ...errorResponses },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const { signal, done } = abortOnClose(reply);
      try {
        return await runSavedQuery(deps, { user: currentUser(request), queryId: request.params.id, signal });
      } finally {
        done();
      }
    },
  );
}
