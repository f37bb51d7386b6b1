import helmet from '@fastify/helmet';
import type { ZodApp } from './zod-app.ts';

/**
 * One policy for the SPA and the API docs page: both load only their own scripts. Inline styles
 * are allowed because component libraries and Swagger UI set style attributes; images may come
 * from https (user avatars) and data: URIs (icons).
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  // Local installs are reached over plain http on LAN addresses; upgrading would break them.
  'upgrade-insecure-requests': null,
};

export async function registerSecurityHeaders(app: ZodApp): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  });
}
