import type { StoreDb } from '../../store/connect.ts';

/** How long sessions last. */
export interface SessionPolicy {
  /** A session unused this long is over. */
  idleTimeoutMs: number;
  /** A session is over this long after sign-in, however active. */
  absoluteTimeoutMs: number;
}

const day = 24 * 60 * 60 * 1000;

export const defaultSessionPolicy: SessionPolicy = { idleTimeoutMs: 7 * day, absoluteTimeoutMs: 30 * day };

/**
 * Last-seen is written at most this often per session, so a busy page does not write to the
 * store on every request; the idle expiry is therefore exact to within this interval.
 */
export const lastSeenIntervalMs = 60 * 1000;

export interface SessionDeps {
  db: StoreDb;
  policy: SessionPolicy;
  /** The clock; tests move it instead of waiting. */
  now?: () => Date;
}

export function nowOf(deps: { now?: () => Date }): Date {
  return deps.now?.() ?? new Date();
}
