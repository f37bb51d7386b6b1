import type { businessEntityRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { StoreDb } from '../../store/connect.ts';
import { listBusinessEntities } from './list-business-entities.ts';

export function businessEntityHandlers(deps: { db: StoreDb }): RouteHandlers<typeof businessEntityRoutes> {
  return {
    'GET /api/business-entities': ({ user, query }) =>
      listBusinessEntities(deps, { user, contextId: query.contextId }),
  };
}
