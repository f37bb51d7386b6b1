import { runQueryBodySchema, runQueryResultSchema } from '../queries.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

export const queryRoutes = {
  'POST /api/query/_run': route({
    summary: 'Run SQL against a database',
    description:
      'Rows are capped (QUERY_ROW_CAP); `count` is exact when the result fits, otherwise the total if it could be counted in time, else null. The statement times out after the database’s statement_timeout_ms (or QUERY_TIMEOUT_MS), is read-only under safe mode, and is cancelled in the database when the client disconnects. A failing statement is a 400 with the database’s message. Every run is recorded in the user’s history; `queryId` is that record, to save, chart or export it.',
    tags: ['queries'],
    auth: 'required',
    apiKeyScope: 'sql:run',
    body: runQueryBodySchema,
    response: runQueryResultSchema,
  }),
} satisfies RouteTable;
