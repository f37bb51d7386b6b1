import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { codeForStatus, errorBody } from '../errors.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

/** The messages of the router's refusals, which come before any route (and its error handler). */
const routerMessages: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: a part of it is not correctly percent-encoded UTF-8',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is not valid: a path parameter is too long',
};

/**
 * The router's refusals (a path that is not valid percent-encoding, a parameter over the length
 * limit) in the one error shape; Fastify would otherwise answer them in its own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  const message = routerMessages[error.code] ?? error.message;
  // No hook runs for these: the id the other answers carry is echoed here.
  void reply
    .code(status)
    .header(REQUEST_ID_HEADER, request.id)
    .send(errorBody(codeForStatus(status), message, { requestId: request.id }));
}

function clientErrorStatus(code: string | undefined): number {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

const clientErrorMessages: Record<number, string> = {
  400: 'The request is not valid HTTP',
  408: 'The request took too long to arrive',
  431: 'The request headers are too large',
};

/**
 * A request Node cannot even parse (not HTTP, headers too large, too slow to arrive) gets the one
 * error shape too, written straight to the connection, which then closes as Node's own answer would.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = clientErrorStatus(error.code);
  const body = JSON.stringify(errorBody(codeForStatus(status), clientErrorMessages[status] ?? 'Bad request'));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
