import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `probe` until it answers a value (anything but undefined or false) and answers that value;
 * throws naming `what` once `timeoutMs` has passed.
 */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what} (${timeoutMs} ms)`);
    await sleep(50);
  }
}
