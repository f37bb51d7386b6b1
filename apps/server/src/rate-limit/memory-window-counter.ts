import type { WindowCount, WindowCounter } from './window-counter.ts';

/**
 * Counts events per key over fixed windows in this instance's memory: right for a single
 * instance, and no store round trip on each request. Keys whose window is over are forgotten as
 * they go.
 */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(windowMs: number, now: () => number = Date.now) {
    this.windowMs = windowMs;
    this.now = now;
  }

  hit(key: string): Promise<WindowCount> {
    const now = this.now();
    this.forgetEnded(now);
    let window = this.windows.get(key);
    if (window === undefined) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve({ count: window.count, msLeft: window.startedAt + this.windowMs - now });
  }

  private forgetEnded(now: number): void {
    for (const [key, window] of this.windows) {
      // Insertion order is start order (one window length for all), so the first window still running ends the sweep.
      if (now - window.startedAt < this.windowMs) break;
      this.windows.delete(key);
    }
  }
}
