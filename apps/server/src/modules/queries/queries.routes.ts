import type { queryRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { uncheckedResponse } from '../../http/unchecked-response.ts';
import { abortOnClose } from './abort-on-close.ts';
import type { RunQueryDeps } from './run-query.ts';
import { runQuery } from './run-query.ts';

export function queryHandlers(deps: RunQueryDeps): RouteHandlers<typeof queryRoutes> {
  return {
    'POST /api/query/_run': {
      options: uncheckedResponse,
      handle: async ({ user, body, reply }) => {
        const { signal, done } = abortOnClose(reply);
        try {
          return await runQuery(deps, { user, databaseId: body.databaseId, sql: body.query, signal });
        } finally {
          done();
        }
      },
    },
  };
}
