import { crossSiteRefusal, isOwnOrigin, senderOrigin } from '../auth/same-origin.ts';
import type { ZodApp } from './zod-app.ts';

/** Methods that never change data; a page on another site gains nothing by sending them. */
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses requests that change data when a page of another site sent them, but on routes that
 * take no cookie and say so (`crossSite: 'allowed'`: the OAuth token and registration endpoints),
 * where another site's page has nothing of the person's to use.
 */
export function registerSameOriginCheck(app: ZodApp, publicUrl: string | null): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config.crossSite === 'allowed') {
      done();
      return;
    }
    const origin = readMethods.has(request.method) ? null : senderOrigin(request.headers);
    done(isOwnOrigin(origin, { publicUrl, host: request.host }) ? undefined : crossSiteRefusal(origin));
  });
}
