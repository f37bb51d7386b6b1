import type {
  RouteBody,
  RouteKey,
  RouteKeyOfKind,
  RouteParams,
  RouteQuery,
  RouteResponse,
} from '@querent/contracts';
import { fillPathParams, parseRouteKey } from '@querent/contracts';
import type { HttpClient, RequestOptions } from '../lib/http-client.ts';

/** A part the route declares is a field, optional when every key of it is; `unknown` adds nothing. */
type Field<Name extends string, T> = [T] extends [undefined]
  ? unknown
  : Partial<T> extends T
    ? { [P in Name]?: T }
    : { [P in Name]: T };

/** What a call sends: the route's path parameters, query and body, as its schemas take them. */
export type CallInput<K extends RouteKey> = Field<'params', RouteParams<K>> &
  Field<'query', RouteQuery<K>> &
  Field<'body', RouteBody<K>> &
  Omit<RequestOptions, 'query'>;

/** The input may be left out when the route needs nothing. */
type CallArgs<K extends RouteKey> =
  Partial<CallInput<K>> extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

interface LooseInput extends RequestOptions {
  params?: Record<string, string>;
  body?: unknown;
}

function prepare(key: RouteKey, input: LooseInput = {}) {
  const { params, body, ...options } = input;
  const { method, path } = parseRouteKey(key);
  return { method, path: fillPathParams(path, params), body, options };
}

/**
 * Calls a REST route by its declared key, e.g. `call('GET /api/databases/:id', { params: { id } })`:
 * the method and path come from the key, and the parts and answer are typed from its schemas.
 */
export function createRouteCalls(http: HttpClient) {
  function call<K extends RouteKeyOfKind<'json'>>(
    key: K,
    ...[input]: CallArgs<K>
  ): Promise<RouteResponse<K>> {
    const { method, path, body, options } = prepare(key, input);
    return http.request<RouteResponse<K>>(method, path, body, options);
  }
  /** A file download: an ok response comes back unread, for the caller to stream. */
  function download<K extends RouteKeyOfKind<'download'>>(
    key: K,
    ...[input]: CallArgs<K>
  ): Promise<Response> {
    const { method, path, body, options } = prepare(key, input);
    return http.stream(method, path, body, options);
  }
  return { call, download };
}

export type RouteCalls = ReturnType<typeof createRouteCalls>;
