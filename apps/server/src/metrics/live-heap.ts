import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { Gauge, type Registry } from 'prom-client';

function isMajor(detail: unknown): boolean {
  return (
    typeof detail === 'object' &&
    detail !== null &&
    'kind' in detail &&
    detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR
  );
}

/**
 * The heap in use just after the last full collection: what the process keeps alive. The used
 * heap (nodejs_heap_size_used_bytes) also counts garbage not yet collected, so it rises and falls
 * with the collector's timing, and its lowest points drift as the collector lets the heap grow
 * before collecting; a leak is this one climbing. Read when the collection is reported, a moment
 * after it ended, so it may include a little allocated since.
 */
export function registerLiveHeap(registry: Registry): void {
  let afterMajor: number | null = null;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if ('detail' in entry && isMajor(entry.detail)) afterMajor = getHeapStatistics().used_heap_size;
  });
  observer.observe({ entryTypes: ['gc'] });
  new Gauge({
    name: 'querent_heap_after_major_gc_bytes',
    help: 'Heap in use just after the last full garbage collection: what the process keeps alive (absent until the first one).',
    registers: [registry],
    collect() {
      if (afterMajor !== null) this.set(afterMajor);
    },
  });
}
