import type { WindowCounter, WindowCounters } from './window-counter.ts';

export type Taken = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** At most `perMinute` events per key in each fixed minute; the counter decides where they are counted. */
export interface MinuteLimit {
  take(key: string): Promise<Taken>;
}

export const MINUTE_MS = 60_000;

export function minuteLimit(counter: WindowCounter, perMinute: number): MinuteLimit {
  return {
    async take(key) {
      const { count, msLeft } = await counter.hit(key);
      if (count <= perMinute) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) };
    },
  };
}

/** A named minute limit from the deployment's counters. */
export function createMinuteLimit(counters: WindowCounters, name: string, perMinute: number): MinuteLimit {
  return minuteLimit(counters(name, MINUTE_MS), perMinute);
}
