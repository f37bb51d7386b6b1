import { z } from 'zod';
import {
  createDatabaseBodySchema,
  databaseSchema,
  testConnectionBodySchema,
  testConnectionResultSchema,
  updateDatabaseBodySchema,
} from '../databases.ts';
import { schemaInfoSchema, schemaRefreshQuerySchema } from '../schema-info.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['databases'];

export const databaseRoutes = {
  'GET /api/databases': route({
    summary: 'Databases the user owns, shares with their organization, or that are public',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    response: z.array(databaseSchema),
  }),
  'POST /api/databases': route({
    summary: 'Connect a database',
    description: 'Secrets in `details` are encrypted at rest and masked in every response.',
    tags,
    auth: 'required',
    body: createDatabaseBodySchema,
    status: 201,
    response: databaseSchema,
  }),
  'POST /api/databases/test': route({
    summary: 'Try connection details without saving them',
    description:
      'With `databaseId`, masked secrets stand for that database’s stored ones. A failure is a 400 whose message says what to fix.',
    tags,
    auth: 'required',
    body: testConnectionBodySchema,
    response: testConnectionResultSchema,
  }),
  'GET /api/databases/:id': route({
    summary: 'One database',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: idParamsSchema,
    response: databaseSchema,
  }),
  'PUT /api/databases/:id': route({
    summary: 'Change a database',
    description:
      'Any subset of the fields. The engine is fixed. A masked secret keeps the stored one; a dbt summary sent back keeps the stored file; null removes a dbt file.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: updateDatabaseBodySchema,
    response: databaseSchema,
  }),
  'DELETE /api/databases/:id': route({
    summary: 'Delete a database with its projects, conversations, queries, entities and issues',
    tags,
    auth: 'required',
    params: idParamsSchema,
    status: 204,
  }),
  'GET /api/databases/:id/schema': route({
    summary: 'Schemas, tables and columns, with dbt descriptions merged in',
    description: 'Cached until the database changes; `refresh=true` introspects again.',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: idParamsSchema,
    query: schemaRefreshQuerySchema,
    response: schemaInfoSchema,
  }),
} satisfies RouteTable;
