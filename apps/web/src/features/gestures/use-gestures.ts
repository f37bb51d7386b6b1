import { type RefObject, useEffect, useRef } from 'react';
import { createGestureTracker, type GestureHandlers, type TouchPoint } from '../../lib/gestures.ts';

function touchPoint(touch: Touch): TouchPoint {
  return { x: touch.clientX, y: touch.clientY, time: performance.now() };
}

/** Feeds an element's touch events to a gesture tracker; handlers may change between renders. */
export function useGestures(ref: RefObject<HTMLElement | null>, handlers: GestureHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const tracker = createGestureTracker({
      onGesture: (gesture) => latest.current.onGesture?.(gesture),
      onHold: () => latest.current.onHold?.(),
      onDrag: (point, start) => latest.current.onDrag?.(point, start),
    });
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch && event.touches.length === 1) tracker.start(touchPoint(touch));
      else tracker.cancel();
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch) tracker.move(touchPoint(touch));
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (touch) tracker.end(touchPoint(touch));
    };
    const onCancel = () => tracker.cancel();
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: true });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onCancel);
    return () => {
      tracker.cancel();
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onCancel);
    };
  }, [ref]);
}
