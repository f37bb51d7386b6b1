/** One more event counted in its key's current fixed window. */
export interface WindowCount {
  /** Events in the window so far, this one included; 0 when nothing could be counted (fail open). */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  msLeft: number;
}

/**
 * Counts events per key over fixed windows of one length. Kept in this instance's memory, or in
 * Redis so that every instance of a deployment counts against one limit.
 */
export interface WindowCounter {
  hit(key: string): Promise<WindowCount>;
}

/** Makes the counter of one limit; `name` keeps limits apart where they share a place (Redis). */
export type WindowCounters = (name: string, windowMs: number) => WindowCounter;
