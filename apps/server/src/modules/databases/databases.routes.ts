import {
  createDatabaseBodySchema,
  databaseSchema,
  schemaInfoSchema,
  testConnectionBodySchema,
  testConnectionResultSchema,
  updateDatabaseBodySchema,
} from '@querent/contracts';
import { z } from 'zod';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { createDatabase } from './create-database.ts';
import type { DatabaseDeps } from './database-deps.ts';
import { deleteDatabase } from './delete-database.ts';
import { getDatabaseSchema } from './get-database-schema.ts';
import { getDatabase, listDatabases } from './list-databases.ts';
import { testConnection } from './test-connection.ts';
import { updateDatabase } from './update-database.ts';

const idParams = z.object({ id: z.string().min(1) });
const tags = ['databases'];

export function registerDatabaseRoutes(
  app: ZodApp,
  deps: DatabaseDeps & {
    /** POST/PUT bodies may carry dbt files, far larger than other requests. */
    bodyLimitBytes: number;
  },
): void {
  app.get(
    '/api/databases',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Databases the user owns, shares with their organization, or that are public',
        response: { 200: z.array(databaseSchema), ...errorResponses },
      },
    },
    (request) => listDatabases(deps, { user: currentUser(request) }),
  );

  app.post(
    '/api/databases',
    {
      config: { auth: 'required' },
      bodyLimit: deps.bodyLimitBytes,
      schema: {
        tags,
        summary: 'Connect a database',
        description: 'Secrets in `details` are encrypted at rest and masked in every response.',
        body: createDatabaseBodySchema,
        response: { 201: databaseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const database = await createDatabase(deps, { user: currentUser(request), body: request.body });
      return reply.code(201).send(database);
    },
  );

  // Before /:id so that "test" is never read as an id.
  app.post(
    '/api/databases/test',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Try connection details without saving them',
        description:
          'With `databaseId`, masked secrets stand for that database’s stored ones. A failure is a 400 whose message says what to fix.',
        body: testConnectionBodySchema,
        response: { 200: testConnectionResultSchema, ...errorResponses },
      },
    },
    (request) => testConnection(deps, { user: currentUser(request), body: request.body }),
  );

  app.get(
    '/api/databases/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'One database',
        params: idParams,
        response: { 200: databaseSchema, ...errorResponses },
      },
    },
    (request) => getDatabase(deps, { user: currentUser(request), databaseId: request.params.id }),
  );

  app.put(
    '/api/databases/:id',
    {
      config: { auth: 'required' },
      bodyLimit: deps.bodyLimitBytes,
      schema: {
        tags,
        summary: 'Change a database',
        description:
          'Any subset of the fields. The engine is fixed. A masked secret keeps the stored one; a dbt summary sent back keeps the stored file; null removes a dbt file.',
        params: idParams,
        body: updateDatabaseBodySchema,
        response: { 200: databaseSchema, ...errorResponses },
      },
    },
    (request) =>
      updateDatabase(deps, { user: currentUser(request), databaseId: request.params.id, body: request.body }),
  );

  app.delete(
    '/api/databases/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a database with its projects, conversations, queries, entities and issues',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteDatabase(deps, { user: currentUser(request), databaseId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/databases/:id/schema',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Schemas, tables and columns, with dbt descriptions merged in',
        description: 'Cached until the database changes; `refresh=true` introspects again.',
        params: idParams,
        querystring: z.object({ refresh: z.stringbool().optional() }),
        response: { 200: schemaInfoSchema, ...errorResponses },
      },
    },
    (request) =>
      getDatabaseSchema(deps, {
        user: currentUser(request),
        databaseId: request.params.id,
        refresh: request.query.refresh ?? false,
      }),
  );
}
