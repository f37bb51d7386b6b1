import type { z } from 'zod';
import type { ApiRoutes } from './index.ts';
import type { RouteKind } from './route.ts';

/*
 * Types derived from the declarations, for callers that must not load zod at run time (the web
 * app imports them with `import type`). The caller sends a schema's input; the server's handler
 * reads its output, once parsed, and answers the response schema's input, which it serializes.
 */

export type RoutePart = 'params' | 'query' | 'body' | 'response';

/** The input type of one part of a route, `undefined` when the route declares none. */
export type PartInput<R, P extends RoutePart> =
  R extends Record<P, infer S extends z.ZodType> ? z.input<S> : undefined;

/** The output type of one part of a route, `undefined` when the route declares none. */
export type PartOutput<R, P extends RoutePart> =
  R extends Record<P, infer S extends z.ZodType> ? z.output<S> : undefined;

export type RouteKey = keyof ApiRoutes;

/** The keys of the routes of one kind, e.g. the JSON ones a plain call can make. */
export type RouteKeyOfKind<Kind extends RouteKind> = {
  [K in RouteKey]: ApiRoutes[K]['kind'] extends Kind ? K : never;
}[RouteKey];

export type RouteParams<K extends RouteKey> = PartInput<ApiRoutes[K], 'params'>;
export type RouteQuery<K extends RouteKey> = PartInput<ApiRoutes[K], 'query'>;
export type RouteBody<K extends RouteKey> = PartInput<ApiRoutes[K], 'body'>;

/** What a successful call answers: `undefined` for 204 and for routes without a JSON answer. */
export type RouteResponse<K extends RouteKey> = ApiRoutes[K]['status'] extends 204
  ? undefined
  : PartOutput<ApiRoutes[K], 'response'>;
