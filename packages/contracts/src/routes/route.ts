import type { z } from 'zod';
import type { ApiKeyScope } from '../api-keys.ts';
import type { RouteKeyPattern } from './route-key.ts';

/**
 * Who may call a route:
 * - required: a signed-in user only; anyone else gets 401;
 * - optional: the user is looked up when signed in (the sign-in and sign-out endpoints);
 * - public: nobody is looked up (health check, version).
 */
export type RouteAuth = 'required' | 'optional' | 'public';

/**
 * - json: a JSON request (if any body) answered with JSON;
 * - download: a file streamed as it is produced; only a failure is answered with JSON;
 * - upload: a multipart/form-data request (a file and text fields) answered with JSON;
 * - page: an address the browser opens itself (never the app's code), answered with a redirect or
 *   an HTML page, failures included.
 */
export type RouteKind = 'json' | 'download' | 'upload' | 'page';

export type SuccessStatus = 200 | 201 | 204 | 302;

interface RouteBase {
  /** One line in the API documentation. */
  summary: string;
  description?: string;
  tags: readonly string[];
  auth: RouteAuth;
  /** Names and checks the path's `:name` parameters, all of them. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /**
   * The scope an API key needs to call this route. A key reaches only the routes that declare
   * one (and only reads and runs read-only there): none of those that manage the account.
   */
  apiKeyScope?: ApiKeyScope;
}

interface JsonSpec extends RouteBase {
  kind?: 'json';
  body?: z.ZodType;
  status?: 200 | 201;
  response: z.ZodType;
}

interface EmptySpec extends RouteBase {
  kind?: 'json';
  body?: z.ZodType;
  status: 204;
  response?: never;
}

interface DownloadSpec extends RouteBase {
  kind: 'download';
  body?: z.ZodType;
  status?: 200;
  response?: never;
}

interface UploadSpec extends RouteBase {
  kind: 'upload';
  body?: never;
  status?: 200 | 201;
  response: z.ZodType;
}

interface PageSpec extends RouteBase {
  kind: 'page';
  body?: never;
  status: 302;
  response?: never;
}

/** What a declaration states; `kind` defaults to json and `status` to 200. */
export type RouteSpec = JsonSpec | EmptySpec | DownloadSpec | UploadSpec | PageSpec;

type KindOf<S> = S extends { kind: infer K extends RouteKind } ? K : 'json';
type StatusOf<S> = S extends { status: infer N extends SuccessStatus } ? N : 200;

/** A declaration with its defaults filled in, keeping the exact schema types for the helpers. */
export type Route<S extends RouteSpec> = S & { kind: KindOf<S>; status: StatusOf<S> };

/** Any declared route, as code that handles every route at once sees it. */
export type AnyRoute = RouteSpec & { kind: RouteKind; status: SuccessStatus };

/** A table of routes keyed "METHOD /api/path", as each feature declares them. */
export type RouteTable = { readonly [key: RouteKeyPattern]: AnyRoute };

/** Declares one endpoint: the wire (schemas, status, kind) and its documentation. */
export function route<const S extends RouteSpec>(spec: S): Route<S> {
  // The conditional type cannot be followed through the spread; the defaults are the ones it names.
  return { ...spec, kind: spec.kind ?? 'json', status: spec.status ?? 200 } as Route<S>;
}
