import type { FastifyServerOptions } from 'fastify';
import Fastify, { LogController } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/load-config.ts';
import { answerClientError, frameworkErrors } from './framework-errors.ts';
import { loggerOptions, REQUEST_ID_LOG_LABEL } from './logger-options.ts';
import { generateRequestId } from './request-id.ts';
import type { ZodApp } from './zod-app.ts';

// The Fastify instance itself: logging, body limit, proxies, request ids, zod schemas, and the one
// error shape for what fails before any route is found.

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * Every schema is zod, compiled by the compilers createHttp sets. Naming them as the factories too
 * keeps Fastify from loading its defaults (ajv and fast-json-stringify, a tenth of a second of
 * start-up) that nothing uses. Fastify types the factories after ajv's; at run time they return a
 * compiler called with route definitions like any other, which is what the zod ones are.
 */
const zodCompilersFactory = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

// fastify's types take a trust function where the runtime also accepts a hop count.
function trustProxyOption(value: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

/**
 * A path's runs of slashes made one; the query string, and a target that is not a path (an
 * absolute URL a proxy would send), are left as they are.
 */
function singleSlashes(url: string): string {
  if (!url.startsWith('/')) return url;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.replace(/\/{2,}/g, '/') + (query === -1 ? '' : url.slice(query));
}

export function createHttp(config: AppConfig, logStream?: { write(line: string): void }): ZodApp {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    // Fastify 5 takes the label from the log controller (the top-level option is FSTDEP024).
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: false,
    genReqId: generateRequestId,
    return503OnClosing: true,
    // `//api/health` is `/api/health` (a proxy or a hand-typed URL doubles a slash): routes and the
    // static files both read the rewritten URL (the static files answered `//chat/new` 403).
    rewriteUrl: (request) => singleSlashes(request.url ?? '/'),
    // A client gets five minutes to send a whole request (Node's own default, which Fastify turns
    // off), so a connection trickling its headers or body cannot be held open forever.
    requestTimeout: 300_000,
    schemaController: { compilersFactory: zodCompilersFactory },
    frameworkErrors,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}
