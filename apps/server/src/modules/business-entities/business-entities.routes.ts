import { businessEntitySchema, listBusinessEntitiesQuerySchema } from '@querent/contracts';
import { z } from 'zod';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { StoreDb } from '../../store/connect.ts';
import { listBusinessEntities } from './list-business-entities.ts';

const tags = ['business entities'];

export function registerBusinessEntityRoutes(app: ZodApp, deps: { db: StoreDb }): void {
  app.get(
    '/api/business-entities',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Business entities of a context’s database with their scores and unresolved issues',
        querystring: listBusinessEntitiesQuerySchema,
        response: { 200: z.array(businessEntitySchema), ...errorResponses },
      },
    },
    (request) =>
      listBusinessEntities(deps, { user: currentUser(request), contextId: request.query.contextId }),
  );
}
