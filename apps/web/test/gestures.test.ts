import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  classifyGesture,
  createGestureTracker,
  gestureDefaults,
  type TouchPoint,
} from '../src/lib/gestures.ts';

const at = (x: number, y: number, time = 0): TouchPoint => ({ x, y, time });

describe('gesture constants', () => {
  it('are tap 10, swipe 30, hold and long tap 400 ms, drag and rollover every 100 ms', () => {
    expect(gestureDefaults).toEqual({
      tapTolerance: 10,
      swipeTolerance: 30,
      holdDuration: 400,
      longTapDuration: 400,
      dragFrequency: 100,
      rolloverFrequency: 100,
    });
  });
});

describe('classifyGesture', () => {
  it('is a tap within 10 px and under 400 ms', () => {
    expect(classifyGesture(at(0, 0, 0), at(10, -10, 399))).toBe('tap');
  });

  it('is a long tap within 10 px after 400 ms', () => {
    expect(classifyGesture(at(0, 0, 0), at(3, 3, 400))).toBe('longtap');
  });

  it('is a swipe from 30 px along the dominant axis', () => {
    expect(classifyGesture(at(0, 0), at(30, 5))).toBe('swiperight');
    expect(classifyGesture(at(100, 0), at(60, 10))).toBe('swipeleft');
    expect(classifyGesture(at(0, 0), at(5, 30))).toBe('swipedown');
    expect(classifyGesture(at(0, 100), at(-8, 40))).toBe('swipeup');
  });

  it('is nothing between the tap and swipe tolerances', () => {
    expect(classifyGesture(at(0, 0), at(11, 0))).toBe('none');
    expect(classifyGesture(at(0, 0), at(29, 0))).toBe('none');
  });
});

describe('gesture tracker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports a right swipe on release', () => {
    const onGesture = vi.fn();
    const tracker = createGestureTracker({ onGesture });
    tracker.start(at(5, 200, 0));
    tracker.move(at(40, 205, 50));
    tracker.end(at(120, 210, 120));
    expect(onGesture).toHaveBeenCalledWith('swiperight');
  });

  it('fires a hold after 400 ms of a still finger, and then no long tap', () => {
    const onHold = vi.fn();
    const onGesture = vi.fn();
    const tracker = createGestureTracker({ onHold, onGesture });
    tracker.start(at(0, 0, 0));
    vi.advanceTimersByTime(399);
    expect(onHold).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onHold).toHaveBeenCalledOnce();
    tracker.end(at(2, 2, 500));
    expect(onGesture).not.toHaveBeenCalled();
  });

  it('cancels the hold once the finger moves past the tap tolerance', () => {
    const onHold = vi.fn();
    const tracker = createGestureTracker({ onHold });
    tracker.start(at(0, 0, 0));
    tracker.move(at(11, 0, 100));
    vi.advanceTimersByTime(1000);
    expect(onHold).not.toHaveBeenCalled();
  });

  it('calls drag at most every 100 ms', () => {
    const onDrag = vi.fn();
    const tracker = createGestureTracker({ onDrag });
    tracker.start(at(0, 0, 0));
    for (const time of [10, 50, 109, 110, 150, 210]) tracker.move(at(time, 0, time));
    expect(onDrag.mock.calls.map(([point]) => (point as TouchPoint).time)).toEqual([10, 110, 210]);
  });

  it('calls rollover at most every 100 ms', () => {
    const onRollover = vi.fn();
    const tracker = createGestureTracker({ onRollover });
    for (const time of [0, 99, 100, 150, 200]) tracker.hover(at(0, 0, time));
    expect(onRollover).toHaveBeenCalledTimes(3);
  });
});
