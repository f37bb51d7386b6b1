import type { memoryRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { StoreDb } from '../../store/connect.ts';
import { addMemory, changeMemory, forgetMemory, listDatabaseMemories } from './memory-use-cases.ts';

export function memoryHandlers(deps: { db: StoreDb }): RouteHandlers<typeof memoryRoutes> {
  return {
    'GET /api/databases/:id/memories': ({ user, params }) =>
      listDatabaseMemories(deps, { user, databaseId: params.id }),
    'POST /api/databases/:id/memories': ({ user, params, body }) =>
      addMemory(deps, { user, databaseId: params.id, content: body.content }),
    'PUT /api/memories/:id': ({ user, params, body }) =>
      changeMemory(deps, { user, id: params.id, change: body }),
    'DELETE /api/memories/:id': ({ user, params }) => forgetMemory(deps, { user, id: params.id }),
  };
}
