import type { savedQueryRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { uncheckedResponse } from '../../http/unchecked-response.ts';
import { abortOnClose } from './abort-on-close.ts';
import { createSavedQuery } from './create-saved-query.ts';
import { deleteSavedQuery } from './delete-saved-query.ts';
import type { FavoriteFlags } from './favorite-flags.ts';
import { getQueryResults } from './get-query-results.ts';
import { getSavedQuery } from './get-saved-query.ts';
import { listHistory, listQueries } from './list-queries.ts';
import type { RunQueryDeps } from './run-query.ts';
import { runSavedQuery } from './run-saved-query.ts';
import { updateSavedQuery } from './update-saved-query.ts';

/** Saved queries and history: parse → use case → present. */
export function savedQueryHandlers(
  deps: RunQueryDeps & { favorites: FavoriteFlags },
): RouteHandlers<typeof savedQueryRoutes> {
  return {
    'GET /api/queries': ({ user, query }) => listQueries(deps, { user, filter: query }),
    'GET /api/query-history': ({ user, query }) => listHistory(deps, { user, databaseId: query.databaseId }),
    'POST /api/query': ({ user, body }) => createSavedQuery(deps, { user, body }),
    'GET /api/query/:id': ({ user, params }) => getSavedQuery(deps, { user, queryId: params.id }),
    'PUT /api/query/:id': ({ user, params, body }) =>
      updateSavedQuery(deps, { user, queryId: params.id, body }),
    'DELETE /api/query/:id': ({ user, params }) => deleteSavedQuery(deps, { user, queryId: params.id }),
    'GET /api/query/:id/results': {
      options: uncheckedResponse,
      handle: async ({ user, params, reply }) => {
        const { signal, done } = abortOnClose(reply);
        try {
          return await getQueryResults(deps, { user, queryId: params.id, signal });
        } finally {
          done();
        }
      },
    },
    'POST /api/query/:id/run': {
      options: uncheckedResponse,
      handle: async ({ user, params, reply }) => {
        const { signal, done } = abortOnClose(reply);
        try {
          return await runSavedQuery(deps, { user, queryId: params.id, signal });
        } finally {
          done();
        }
      },
    },
  };
}
