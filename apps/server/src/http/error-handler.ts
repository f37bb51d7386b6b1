import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, codeForStatus, errorBody } from '../errors.ts';
import type { ZodApp } from './zod-app.ts';

function fieldOf(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path === '' ? (context ?? 'body') : path;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? request.url;
  return reply
    .code(404)
    .send(errorBody('NOT_FOUND', `No route for ${request.method} ${path}`, { requestId: request.id }));
}

/**
 * Every failure leaves as `{ error: { code, message, field?, requestId } }`. Expected failures
 * (AppError, bad input, framework 4xx) keep their message; anything else is our bug: it is
 * logged with the request id and answered with a generic message, never a stack.
 */
export function registerErrorHandler(app: ZodApp): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const requestId = request.id;
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .send(errorBody(error.code, error.message, { field: error.field, requestId }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldOf(first?.instancePath ?? '', error.validationContext);
      const message = `Invalid ${field}: ${first?.message ?? 'invalid value'}`;
      return reply.code(400).send(errorBody('BAD_REQUEST', message, { field, requestId }));
    }
    const status = statusOf(error);
    // Framework and plugin 4xx (bad JSON, body too large, wrong content type, ...) describe the
    // caller's mistake in words meant for them.
    if (status === 415) {
      const type = request.headers['content-type'] ?? 'none';
      const message = `Content type ${type} is not supported; send application/json`;
      return reply.code(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', message, { requestId }));
    }
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(codeForStatus(status), error.message, { requestId }));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', 'Internal server error', { requestId }));
  });
}
