import type { businessEntityRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { EntityIssues } from './entity-issues.ts';
import { listBusinessEntities } from './list-business-entities.ts';

export function businessEntityHandlers(deps: {
  db: StoreDb;
  issues: EntityIssues;
}): RouteHandlers<typeof businessEntityRoutes> {
  return {
    'GET /api/business-entities': ({ user, query }) =>
      listBusinessEntities(deps, { user, contextId: query.contextId }),
  };
}
