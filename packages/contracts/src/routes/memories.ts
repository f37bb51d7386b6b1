import { memoriesSchema, memoryChangeSchema, memorySchema, newMemorySchema } from '../memories.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['memories'];

export const memoryRoutes = {
  'GET /api/databases/:id/memories': route({
    summary: 'What the analyst remembers about a database, pending facts first',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: idParamsSchema,
    response: memoriesSchema,
  }),
  'POST /api/databases/:id/memories': route({
    summary: 'Add a fact to a database’s memory; a person’s fact is approved at once',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: newMemorySchema,
    response: memorySchema,
    status: 201,
  }),
  'PUT /api/memories/:id': route({
    summary: 'Edit a fact, or approve one the analyst saved',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: memoryChangeSchema,
    response: memorySchema,
  }),
  'DELETE /api/memories/:id': route({
    summary: 'Forget a fact',
    tags,
    auth: 'required',
    params: idParamsSchema,
    status: 204,
  }),
} satisfies RouteTable;
