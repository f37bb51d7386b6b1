import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPausableTimer } from '../src/lib/pausable-timer.ts';

describe('pausable timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after the delay', () => {
    const callback = vi.fn();
    createPausableTimer(callback, 100);
    vi.advanceTimersByTime(99);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('keeps the remaining time across a pause', () => {
    const callback = vi.fn();
    const timer = createPausableTimer(callback, 100);
    vi.advanceTimersByTime(60);
    timer.pause();
    expect(timer.remaining()).toBe(40);
    vi.advanceTimersByTime(500);
    expect(callback).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(40);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does nothing after clear', () => {
    const callback = vi.fn();
    const timer = createPausableTimer(callback, 100);
    timer.clear();
    timer.resume();
    vi.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();
  });
});
