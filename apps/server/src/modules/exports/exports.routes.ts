import type { ExportFormat, exportRoutes } from '@querent/contracts';
import { exportHeaders } from '@querent/contracts';
import type { FastifyReply } from 'fastify';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { abortOnClose } from '../queries/abort-on-close.ts';
import type { User } from '../users/user.ts';
import { contentDisposition } from './export-filename.ts';
import type { ExportDeps, ExportSource } from './export-query.ts';
import { openExport } from './export-query.ts';

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
export function exportHandlers(deps: ExportDeps): RouteHandlers<typeof exportRoutes> {
  return {
    'GET /api/query/:id/export': ({ user, params, query, reply }) =>
      sendExport(deps, reply, { user, source: { queryId: params.id }, format: query.format }),
    'POST /api/query/_export': ({ user, body, reply }) =>
      sendExport(deps, reply, {
        user,
        source: { sql: body.query, databaseId: body.databaseId },
        format: body.format,
      }),
  };
}
