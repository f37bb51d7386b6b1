import type { LimitAsks } from '../../auth/anonymous/ask-limit.ts';
import type { queryRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { uncheckedResponse } from '../../http/unchecked-response.ts';
import { abortOnClose } from './abort-on-close.ts';
import type { RunQueryDeps } from './run-query.ts';
import { runQuery } from './run-query.ts';

/** `limitAsks` counts each run against the caller's allowance (the anonymous sandbox's). */
export function queryHandlers(
  deps: RunQueryDeps & { limitAsks?: LimitAsks },
): RouteHandlers<typeof queryRoutes> {
  return {
    'POST /api/query/_run': {
      options: uncheckedResponse,
      handle: async ({ user, body, reply }) => {
        await deps.limitAsks?.(user);
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
