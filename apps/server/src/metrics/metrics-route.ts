import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.ts';
import type { ZodApp } from '../http/zod-app.ts';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

// Hashing both sides gives equal lengths, so the comparison takes the same time whatever was sent.
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

// The code of an error answer, read from the start of its body, which errorBody always writes first.
const errorCodePattern = /^\{"error":\{"code":"([A-Z_]+)"/;

/**
 * Counts every answer (by the route's template, so /api/query/1 and /api/query/2 are one series)
 * and every error answer by code, and serves the registry at /metrics — behind a bearer token
 * when one is configured.
 */
export function registerMetrics(app: ZodApp, metrics: Metrics, token: string | null): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      const code = errorCodePattern.exec(payload)?.[1];
      if (code !== undefined) metrics.errorAnswered(code);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get(METRICS_PATH, { config: { auth: 'public' } }, async (request, reply) => {
    if (token !== null) {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(given, token)) {
        throw new AppError(
          'UNAUTHORIZED',
          'GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>',
        );
      }
    }
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).send(text);
  });
}
