import type { ExportFormat } from '@querent/contracts';
import { exportBodySchema, exportHeaders, exportQuerySchema } from '@querent/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { User } from '../users/users.repo.ts';
import { abortOnClose } from '../queries/abort-on-close.ts';
import { contentDisposition } from './export-filename.ts';
import type { ExportDeps, ExportSource } from './export-query.ts';
import { openExport } from './export-query.ts';

const idParams = z.object({ id: z.string().min(1) });
const tags = ['queries'];
const description =
  'The whole result, streamed from the database: CSV (RFC 4180, CRLF, NULL as an empty field) or XLSX. At most EXPORT_MAX_ROWS rows (the `X-Querent-Row-Limit` header); when the result had more, the HTTP trailer `X-Querent-Truncated` is true, a CSV ends with a line starting `# Truncated:` and an XLSX has a "Truncated" sheet. `X-Querent-Row-Count` (trailer) is the rows written. Read-only under safe mode; limited to EXPORT_TIMEOUT_MS; cancelled in the database when the client disconnects. A failing statement is a 400 before any byte is sent; a failure midway ends the connection without completing the response.';

async function sendExport(
  deps: ExportDeps,
  reply: FastifyReply,
  input: { user: User; source: ExportSource; format: ExportFormat },
): Promise<void> {
  // Stays attached until the response ends: a client leaving midway cancels the statement.
  const { signal } = abortOnClose(reply);
  const file = await openExport(deps, { ...input, signal });
  // Awaiting the reply waits for the response to end: resolving earlier, with the stream still
  // flowing, would make Fastify take the handler's `undefined` for an empty answer.
  await reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.filename))
    .header('cache-control', 'no-store')
    .header(exportHeaders.rowLimit, String(file.rowLimit))
    .trailer(exportHeaders.truncated, (_reply, _payload, done) => {
      done(null, String(file.stats.truncated));
    })
    .trailer(exportHeaders.rowCount, (_reply, _payload, done) => {
      done(null, String(file.stats.rows));
    })
    .send(file.body);
}

/** CSV and XLSX downloads of a saved query or of SQL as typed. */
export function registerExportRoutes(app: ZodApp, deps: ExportDeps): void {
  app.get(
    '/api/query/:id/export',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Download the whole result of a query as CSV or XLSX',
        description,
        params: idParams,
        querystring: exportQuerySchema,
        response: errorResponses,
      },
    },
    (request, reply) =>
      sendExport(deps, reply, {
        user: currentUser(request),
        source: { queryId: request.params.id },
        format: request.query.format,
      }),
  );

  app.post(
    '/api/query/_export',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Download the whole result of SQL as CSV or XLSX',
        description,
        body: exportBodySchema,
        response: errorResponses,
      },
    },
    (request, reply) =>
      sendExport(deps, reply, {
        user: currentUser(request),
        source: { sql: request.body.query, databaseId: request.body.databaseId },
        format: request.body.format,
      }),
  );
}
