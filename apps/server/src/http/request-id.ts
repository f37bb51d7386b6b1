import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ZodApp } from './zod-app.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

// A proxy's id is kept so logs join up across hops; anything odd is replaced, never trusted into logs.
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && saneRequestId.test(incoming) ? incoming : randomUUID();
}

/** Echoes the id first thing, so even a request refused by a later hook carries it. */
export function registerRequestIdEcho(app: ZodApp): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
