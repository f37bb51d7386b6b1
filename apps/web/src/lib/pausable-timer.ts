/** A one-shot timer that can be paused and resumed with the time left kept (hover on a toast). */
export function createPausableTimer(callback: () => void, delayMs: number) {
  let remaining = delayMs;
  let startedAt = 0;
  let handle: ReturnType<typeof setTimeout> | null = null;
  let done = false;

  function resume() {
    if (done || handle !== null) return;
    startedAt = Date.now();
    handle = setTimeout(() => {
      done = true;
      handle = null;
      callback();
    }, remaining);
  }

  function pause() {
    if (handle === null) return;
    clearTimeout(handle);
    handle = null;
    remaining = Math.max(0, remaining - (Date.now() - startedAt));
  }

  function clear() {
    if (handle !== null) clearTimeout(handle);
    handle = null;
    done = true;
  }

  resume();
  return { pause, resume, clear, remaining: () => remaining };
}

export type PausableTimer = ReturnType<typeof createPausableTimer>;
