import type { VersionInfo } from '@querent/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVersionChecker, VERSION_CHECK_INTERVAL_MS } from '../src/lib/version-check.ts';

const info = (version: string): VersionInfo => ({ version, latest: version, hasUpdate: false });

describe('version check', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks at start and every 10 minutes', async () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(600_000);
    const fetchVersion = vi.fn(() => Promise.resolve(info('1.0.0')));
    const stop = createVersionChecker({ fetchVersion, reload: vi.fn() }).start();
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(599_999);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchVersion).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetchVersion).toHaveBeenCalledTimes(2);
  });

  it('reloads only when the version differs from the first one seen', async () => {
    const versions = ['1.0.0', '1.0.0', '1.1.0'];
    const fetchVersion = vi.fn(() => Promise.resolve(info(versions.shift() ?? '1.1.0')));
    const reload = vi.fn();
    const checker = createVersionChecker({ fetchVersion, reload });
    await checker.check();
    await checker.check();
    expect(reload).not.toHaveBeenCalled();
    await checker.check();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('only logs a failed check, and a failure does not count as the first version', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchVersion = vi
      .fn<() => Promise<VersionInfo>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(info('2.0.0'))
      .mockResolvedValueOnce(info('2.0.0'));
    const reload = vi.fn();
    const checker = createVersionChecker({ fetchVersion, reload });
    await checker.check();
    expect(console.error).toHaveBeenCalled();
    await checker.check();
    await checker.check();
    expect(reload).not.toHaveBeenCalled();
  });
});
