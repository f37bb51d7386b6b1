import { lazy, Suspense } from 'react';
import type { ChartCanvasProps } from '../../features/charts/chart-canvas.tsx';

const ChartCanvas = lazy(() =>
  import('../../features/charts/chart-canvas.tsx').then((module) => ({ default: module.ChartCanvas })),
);

let canvasSupport: boolean | null = null;

/** ECharts draws on a canvas; a browser (or test DOM) without one gets a note instead of a crash. */
function canDrawCanvas(): boolean {
  canvasSupport ??= (() => {
    try {
      return document.createElement('canvas').getContext('2d') !== null;
    } catch {
      return false;
    }
  })();
  return canvasSupport;
}

/**
 * Any chart in the app goes through here, so ECharts stays a separate chunk that loads the first
 * time a chart is on screen (chat, editor, favourites).
 */
export function LazyChart(props: ChartCanvasProps) {
  const height = props.height ?? 320;
  if (!canDrawCanvas()) {
    return (
      <div
        role="img"
        aria-label={props.label ?? 'Chart'}
        data-chart-type={props.config.type}
        style={{ height }}
      >
        <p className="p-4 text-sm text-zinc-500">This browser cannot draw charts (no canvas).</p>
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <div
          role="status"
          style={{ height }}
          className="animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-800"
        >
          <span className="sr-only">Loading chart…</span>
        </div>
      }
    >
      <ChartCanvas {...props} />
    </Suspense>
  );
}
