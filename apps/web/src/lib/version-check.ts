import type { VersionInfo } from '@querent/contracts';

/** The server version is checked at startup and every 10 minutes. */
export const VERSION_CHECK_INTERVAL_MS = 10 * 60 * 1000;

export interface VersionCheckerDeps {
  fetchVersion: () => Promise<VersionInfo>;
  reload: () => void;
  intervalMs?: number;
}

/**
 * Reloads the page when the server starts answering with a different version than the first one
 * this page saw, so a tab left open after a deploy does not run stale code against a new API.
 */
export function createVersionChecker({
  fetchVersion,
  reload,
  intervalMs = VERSION_CHECK_INTERVAL_MS,
}: VersionCheckerDeps) {
  let firstSeen: string | null = null;

  async function check(): Promise<void> {
    try {
      const { version } = await fetchVersion();
      if (firstSeen === null) firstSeen = version;
      else if (version !== firstSeen) reload();
    } catch (error) {
      console.error('Version check failed', error);
    }
  }

  /** Checks now and on every interval; returns a function that stops the interval. */
  function start(): () => void {
    void check();
    const timer = setInterval(() => void check(), intervalMs);
    return () => clearInterval(timer);
  }

  return { check, start };
}
