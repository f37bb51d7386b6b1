import type { ZodApp } from '../../src/http/zod-app.ts';

// One line of Fastify's route tree: the tree drawing, a path segment, and the methods served there.
const treeLine = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/;
const indentWidth = 4;

/**
 * Every route the app serves, as "METHOD /path", read from the route tree Fastify prints (each
 * node's path is its ancestors' segments joined). HEAD, which Fastify adds beside each GET, is left out.
 */
export function listServedRoutes(app: ZodApp): string[] {
  const segments: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = treeLine.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    segments.length = indent.length / indentWidth;
    segments.push(segment);
    const path = segments.join('');
    for (const method of methods.split(', ')) {
      if (method !== '' && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
