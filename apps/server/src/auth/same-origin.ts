import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../errors.ts';

/*
 * Cross-site request forgery: a page on another site can make the browser send requests here,
 * cookies included. Browsers name the page's origin on every request that changes data (Origin,
 * else Referer), so such a request is refused unless it names the app's own address: PUBLIC_URL in
 * hosted mode, the address the request was sent to in local mode. A request naming no origin at
 * all does not come from a web page (a script, curl, a test) and cannot carry a forged intent.
 */

/** The origin of the page that sent the request, as the browser tells it; null when it tells none. */
export function senderOrigin(headers: IncomingHttpHeaders): string | null {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  const referer = headers.referer;
  if (typeof referer !== 'string' || referer === '') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

export interface OwnAddress {
  /** Hosted mode's public URL; null in local mode, where the request's own host counts. */
  publicUrl: string | null;
  /** The host (and port) the request was sent to, e.g. localhost:3000. */
  host: string | undefined;
}

/** True when the sender is the app itself, or names no origin at all. */
export function isOwnOrigin(origin: string | null, own: OwnAddress): boolean {
  if (origin === null) return true;
  let sender: URL;
  try {
    sender = new URL(origin);
  } catch {
    // "null" (a sandboxed frame, a page opened from a file) and anything unreadable.
    return false;
  }
  if (own.publicUrl !== null) return sender.origin === new URL(own.publicUrl).origin;
  return own.host !== undefined && sender.host === own.host.toLowerCase();
}

export function crossSiteRefusal(origin: string | null): AppError {
  return new AppError(
    'FORBIDDEN',
    `Request refused: it was sent by a page of another site (${origin ?? 'unknown'}), not by Querent itself.`,
  );
}
