import { exportBodySchema, exportQuerySchema } from '../queries.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['queries'];
const description =
  'The whole result, streamed from the database: CSV (RFC 4180, CRLF, NULL as an empty field) or XLSX. At most EXPORT_MAX_ROWS rows (the `X-Querent-Row-Limit` header); when the result had more, the HTTP trailer `X-Querent-Truncated` is true, a CSV ends with a line starting `# Truncated:` and an XLSX has a "Truncated" sheet. `X-Querent-Row-Count` (trailer) is the rows written. Read-only under safe mode; limited to EXPORT_TIMEOUT_MS; cancelled in the database when the client disconnects. A failing statement is a 400 before any byte is sent; a failure midway ends the connection without completing the response.';

/** CSV and XLSX downloads of a saved query or of SQL as typed. */
export const exportRoutes = {
  'GET /api/query/:id/export': route({
    kind: 'download',
    summary: 'Download the whole result of a query as CSV or XLSX',
    description,
    tags,
    auth: 'required',
    apiKeyScope: 'metrics:run',
    params: idParamsSchema,
    query: exportQuerySchema,
  }),
  'POST /api/query/_export': route({
    kind: 'download',
    summary: 'Download the whole result of SQL as CSV or XLSX',
    description,
    tags,
    auth: 'required',
    apiKeyScope: 'sql:run',
    body: exportBodySchema,
  }),
} satisfies RouteTable;
