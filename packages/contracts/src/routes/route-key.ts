/*
 * A route is named by its method and its path, "GET /api/databases/:id", with Fastify's `:name`
 * for path parameters. These helpers read such a key at run time; they use no zod, so the web
 * app may import them without taking the schemas into its bundle.
 */

export const httpMethods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** Every route of the REST API lives under /api/. */
export type RouteKeyPattern = `${HttpMethod} /api/${string}`;

const keyPattern = /^(GET|POST|PUT|DELETE) (\/api\/\S+)$/;
const paramPattern = /:([A-Za-z_][A-Za-z0-9_]*)/g;

export function parseRouteKey(key: string): { method: HttpMethod; path: string } {
  const match = keyPattern.exec(key);
  if (!match) throw new Error(`Not a route key: "${key}" (expected "METHOD /api/...")`);
  return { method: match[1] as HttpMethod, path: match[2] as string };
}

/** The `:name` parameters of a route path, in order. */
export function listPathParams(path: string): string[] {
  return [...path.matchAll(paramPattern)].map((match) => match[1] as string);
}

/**
 * The path with each `:name` replaced by its value, encoded so that an id holding "/" or "?"
 * stays one path segment. A parameter without a value is a caller's bug, not an empty segment.
 */
export function fillPathParams(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(paramPattern, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
