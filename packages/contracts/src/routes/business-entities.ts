import { z } from 'zod';
import { businessEntitySchema, listBusinessEntitiesQuerySchema } from '../business-entities.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

export const businessEntityRoutes = {
  'GET /api/business-entities': route({
    summary: 'Business entities of a context’s database with their scores and unresolved issues',
    tags: ['business entities'],
    auth: 'required',
    apiKeyScope: 'metadata:read',
    query: listBusinessEntitiesQuerySchema,
    response: z.array(businessEntitySchema),
  }),
} satisfies RouteTable;
