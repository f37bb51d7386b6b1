import { runQueryBodySchema, runQueryResultSchema } from '@querent/contracts';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { abortOnClose } from './abort-on-close.ts';
import type { RunQueryDeps } from './run-query.ts';
import { runQuery } from './run-query.ts';

export function registerQueryRoutes(app: ZodApp, deps: RunQueryDeps): void {
  app.post(
    '/api/query/_run',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['queries'],
        summary: 'Run SQL against a database',
        description:
          'Rows are capped (QUERY_ROW_CAP); `count` is exact when the result fits, otherwise the total if it could be counted in time, else null. The statement times out after the database’s statement_timeout_ms (or QUERY_TIMEOUT_MS), is read-only under safe mode, and is cancelled in the database when the client disconnects. A failing statement is a 400 with the database’s message. Every run is recorded in the user’s history; `queryId` is that record, to save, chart or export it.',
        body: runQueryBodySchema,
        response: { 200: runQueryResultSchema, ...errorResponses },
      },
      // The response schema documents the shape; re-validating 10,000 rows against it on every
      // run would cost more than the driver's own decoding, and runQuery is typed to it anyway.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const { signal, done } = abortOnClose(reply);
      try {
        return await runQuery(deps, {
          user: currentUser(request),
          databaseId: request.body.databaseId,
          sql: request.body.query,
          signal,
        });
      } finally {
        done();
      }
    },
  );
}
