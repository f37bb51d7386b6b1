/**
 * Counts events per key over fixed one-minute windows, in this instance's memory: a limit that
 * needs no store round trip on each request. Keys whose window is over are forgotten as they go.
 */
export class MinuteCounter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private readonly limit: number;
  private readonly now: () => number;

  constructor(limit: number, now: () => number = Date.now) {
    this.limit = limit;
    this.now = now;
  }

  /** Counts one more event for `key`; false (and not counted) when the key is at its limit. */
  take(key: string): boolean {
    const now = this.now();
    this.forgetEnded(now);
    const window = this.windows.get(key);
    if (window === undefined) {
      this.windows.set(key, { startedAt: now, count: 1 });
      return true;
    }
    if (window.count >= this.limit) return false;
    window.count += 1;
    return true;
  }

  /** Seconds until `key` may act again. */
  secondsLeft(key: string): number {
    const window = this.windows.get(key);
    return window === undefined ? 0 : Math.max(1, Math.ceil((window.startedAt + 60_000 - this.now()) / 1000));
  }

  private forgetEnded(now: number): void {
    for (const [key, window] of this.windows) {
      // Insertion order is start order, so the first window still running ends the sweep.
      if (now - window.startedAt < 60_000) break;
      this.windows.delete(key);
    }
  }
}
