/** Touch-gesture defaults. */
export const gestureDefaults = {
  /** Movement (px) under which a touch still counts as a tap. */
  tapTolerance: 10,
  /** Movement (px) a touch needs along one axis to count as a swipe. */
  swipeTolerance: 30,
  /** Time (ms) a still finger takes to become a hold. */
  holdDuration: 400,
  /** Time (ms) after which a released tap counts as a long tap. */
  longTapDuration: 400,
  /** Minimum time (ms) between two drag callbacks. */
  dragFrequency: 100,
  /** Minimum time (ms) between two rollover (pointer move without press) callbacks. */
  rolloverFrequency: 100,
} as const;

export type GestureOptions = { -readonly [K in keyof typeof gestureDefaults]: number };

export interface TouchPoint {
  x: number;
  y: number;
  /** Milliseconds, any clock. */
  time: number;
}

export type Gesture = 'tap' | 'longtap' | 'swipeleft' | 'swiperight' | 'swipeup' | 'swipedown' | 'none';

/** Names what a finger did between touching down and lifting. */
export function classifyGesture(
  start: TouchPoint,
  end: TouchPoint,
  options: GestureOptions = gestureDefaults,
): Gesture {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax <= options.tapTolerance && ay <= options.tapTolerance) {
    return end.time - start.time >= options.longTapDuration ? 'longtap' : 'tap';
  }
  if (ax >= ay && ax >= options.swipeTolerance) return dx > 0 ? 'swiperight' : 'swipeleft';
  if (ay > ax && ay >= options.swipeTolerance) return dy > 0 ? 'swipedown' : 'swipeup';
  return 'none';
}

export interface GestureHandlers {
  onGesture?: (gesture: Gesture) => void;
  onHold?: () => void;
  onDrag?: (point: TouchPoint, start: TouchPoint) => void;
  onRollover?: (point: TouchPoint) => void;
}

/**
 * A DOM-free gesture state machine: feed it start/move/end/hover points and it calls the handlers,
 * firing `onHold` after a still press and throttling drag and rollover callbacks.
 */
export function createGestureTracker(handlers: GestureHandlers, options: GestureOptions = gestureDefaults) {
  let start: TouchPoint | null = null;
  let holdTimer: ReturnType<typeof setTimeout> | null = null;
  let held = false;
  let lastDrag = Number.NEGATIVE_INFINITY;
  let lastRollover = Number.NEGATIVE_INFINITY;

  function cancelHold() {
    if (holdTimer !== null) clearTimeout(holdTimer);
    holdTimer = null;
  }

  return {
    start(point: TouchPoint) {
      start = point;
      held = false;
      lastDrag = Number.NEGATIVE_INFINITY;
      cancelHold();
      holdTimer = setTimeout(() => {
        held = true;
        handlers.onHold?.();
      }, options.holdDuration);
    },
    move(point: TouchPoint) {
      if (!start) return;
      const moved = Math.max(Math.abs(point.x - start.x), Math.abs(point.y - start.y));
      if (moved > options.tapTolerance) cancelHold();
      if (point.time - lastDrag >= options.dragFrequency) {
        lastDrag = point.time;
        handlers.onDrag?.(point, start);
      }
    },
    end(point: TouchPoint) {
      cancelHold();
      if (!start) return;
      const gesture = classifyGesture(start, point, options);
      start = null;
      // A hold already told the caller what happened; do not report it again as a long tap.
      if (held && gesture === 'longtap') return;
      handlers.onGesture?.(gesture);
    },
    cancel() {
      cancelHold();
      start = null;
    },
    hover(point: TouchPoint) {
      if (point.time - lastRollover < options.rolloverFrequency) return;
      lastRollover = point.time;
      handlers.onRollover?.(point);
    },
  };
}

export type GestureTracker = ReturnType<typeof createGestureTracker>;
