import type { AnyRoute, PartOutput, RouteAuth, RouteTable } from '@querent/contracts';
import { parseRouteKey } from '@querent/contracts';
import type { FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { User } from '../modules/users/user.ts';
import { errorResponses } from './error-responses.ts';
import { currentUser } from './http-auth.ts';
import type { ZodApp } from './zod-app.ts';

type UserFor<R> = R extends { auth: 'required' } ? User : R extends { auth: 'optional' } ? User | null : null;

/** What a handler is given: the caller, the parsed request parts, and Fastify's own objects. */
export interface HandlerInput<R> {
  user: UserFor<R>;
  params: PartOutput<R, 'params'>;
  query: PartOutput<R, 'query'>;
  body: PartOutput<R, 'body'>;
  /** For what the schemas cannot carry: the multipart stream of an upload. */
  request: FastifyRequest;
  /** For the routes that answer themselves (downloads, pages), set cookies or watch the client leave. */
  reply: FastifyReply;
}

/**
 * A download or a page answers through the reply itself and a 204 answers nothing; any other route
 * its response.
 */
export type RouteHandler<R> = R extends { kind: 'download' | 'page' } | { status: 204 }
  ? (input: HandlerInput<R>) => void | Promise<void>
  : (input: HandlerInput<R>) => PartOutput<R, 'response'> | Promise<PartOutput<R, 'response'>>;

/** Server-side settings of a route that are no part of the wire. */
export interface RouteHandlerEntry<R> {
  handle: RouteHandler<R>;
  /** Fastify options of this route alone, e.g. a larger body limit. */
  options?: Pick<RouteShorthandOptions, 'bodyLimit' | 'serializerCompiler'>;
  /** What a body announcing more than the route's limit is told, in the route's own words. */
  tooLargeMessage?: string;
  /** Prepares the encapsulated scope the route is registered in, e.g. a body parser only it accepts. */
  scope?: (scope: ZodApp) => Promise<void>;
}

/** One handler for each declared route, no more and no fewer. */
export type RouteHandlers<T extends RouteTable> = {
  [K in keyof T]: RouteHandler<T[K]> | RouteHandlerEntry<T[K]>;
};

// Within the registrar every route looks alike: each handler was typed against its own route, and
// Fastify checks the request against that route's schemas before the handler runs.
interface LooseInput extends Omit<HandlerInput<unknown>, 'user' | 'params' | 'query' | 'body'> {
  user: User | null;
  params: unknown;
  query: unknown;
  body: unknown;
}
type LooseHandler = (input: LooseInput) => unknown;
type LooseEntry = Omit<RouteHandlerEntry<unknown>, 'handle'> & { handle: LooseHandler };

function userFor(auth: RouteAuth, request: FastifyRequest): User | null {
  if (auth === 'required') return currentUser(request);
  return auth === 'optional' ? request.user : null;
}

function successSchema(route: AnyRoute): Record<number, z.ZodType> {
  if (route.kind === 'download') return {};
  if (route.kind === 'page') return { [route.status]: z.null().describe('A redirect; no body') };
  return { [route.status]: route.status === 204 ? z.null() : route.response };
}

/** The route's description, saying whether (and with which scope) an API key may call it. */
function describe(route: AnyRoute): string | undefined {
  if (route.apiKeyScope === undefined) return route.description;
  const keys = `API keys with the scope \`${route.apiKeyScope}\` may call it (read-only).`;
  return route.description === undefined ? keys : `${route.description}\n\n${keys}`;
}

function schemaOf(route: AnyRoute): FastifySchema {
  const success = successSchema(route);
  const description = describe(route);
  return {
    tags: [...route.tags],
    summary: route.summary,
    ...(description === undefined ? {} : { description }),
    ...(route.apiKeyScope === undefined
      ? {}
      : { security: [{ apiKey: [route.apiKeyScope] }, { session: [] }] }),
    ...(route.params === undefined ? {} : { params: route.params }),
    ...(route.query === undefined ? {} : { querystring: route.query }),
    ...(route.body === undefined ? {} : { body: route.body }),
    ...(route.kind === 'upload' ? { consumes: ['multipart/form-data'] } : {}),
    response: { ...success, ...errorResponses },
  };
}

/**
 * Registers each declared route with its handler: the declaration gives the method, path, schemas
 * (which validate requests and feed the OpenAPI document), who may call it and the success status.
 */
export async function registerRoutes<T extends RouteTable>(
  app: ZodApp,
  routes: T,
  handlers: RouteHandlers<T>,
): Promise<void> {
  for (const [key, route] of Object.entries(routes)) {
    const { method, path } = parseRouteKey(key);
    const given = (handlers as unknown as Record<string, LooseHandler | LooseEntry | undefined>)[key];
    if (!given) throw new Error(`No handler for ${key}`);
    const entry: LooseEntry = typeof given === 'function' ? { handle: given } : given;
    const register = (scope: ZodApp) =>
      scope.route({
        ...entry.options,
        method,
        url: path,
        config: {
          auth: route.auth,
          ...(route.apiKeyScope === undefined ? {} : { apiKeyScope: route.apiKeyScope }),
          ...(entry.tooLargeMessage === undefined ? {} : { tooLargeMessage: entry.tooLargeMessage }),
        },
        schema: schemaOf(route),
        handler: async (request, reply) => {
          const result = await entry.handle({
            user: userFor(route.auth, request),
            params: request.params,
            query: request.query,
            body: request.body,
            request,
            reply,
          });
          // A download or a page has already answered (a download awaited its reply to the end).
          if (route.kind === 'download' || route.kind === 'page') return undefined;
          void reply.code(route.status);
          return route.status === 204 ? null : result;
        },
      });
    if (entry.scope) {
      const prepare = entry.scope;
      await app.register(async (scope) => {
        await prepare(scope);
        register(scope);
      });
    } else {
      register(app);
    }
  }
}
