import { AppError } from '../errors.ts';
import { formatBytes } from './format-bytes.ts';
import type { ZodApp } from './zod-app.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own words for a body over its limit (an upload names the file limit). */
    tooLargeMessage?: string;
  }
}

function announcedLength(header: string | undefined): number | null {
  if (header === undefined || !/^\d+$/.test(header)) return null;
  return Number(header);
}

/**
 * A body is judged by the length it announces before a byte of it is read: over its route's limit
 * (BODY_LIMIT_BYTES, or the larger one a route sets, e.g. uploads), the request is answered 413
 * and the connection closed rather than drained. A client that asks first (`Expect: 100-continue`)
 * is told to go on only once every check that needs no body (size, origin, sign-in) has passed,
 * so a body that would be refused is never sent. `answeredElsewhere` says which requests another
 * listener of the server answers (Socket.IO's): those are told to go on at once, as Node would.
 */
export function registerBodyLimits(app: ZodApp, answeredElsewhere: (url: string) => boolean): void {
  // Without a listener Node answers 100 Continue itself, before any route has had its say.
  app.server.on('checkContinue', (request, response) => {
    if (answeredElsewhere(request.url ?? '')) response.writeContinue();
    app.server.emit('request', request, response);
  });
  app.addHook('onRequest', async (request, reply) => {
    const length = announcedLength(request.headers['content-length']);
    const limit = request.routeOptions.bodyLimit;
    if (length === null || length <= limit) return;
    void reply.header('connection', 'close');
    const message =
      request.routeOptions.config.tooLargeMessage ??
      `Request body is too large: ${length} bytes announced, over the limit of ${formatBytes(limit)}`;
    throw new AppError('PAYLOAD_TOO_LARGE', message, { field: 'body' });
  });
  // The last step before the body is read: every hook that could refuse the request has passed.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.headers.expect?.toLowerCase() === '100-continue' && !reply.raw.headersSent) {
      reply.raw.writeContinue();
    }
    return payload;
  });
}
