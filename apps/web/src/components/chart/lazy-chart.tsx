import { lazy, Suspense } from 'react';
import type { ChartPoint } from './chart-view.tsx';

const ChartView = lazy(() => import('./chart-view.tsx').then((module) => ({ default: module.ChartView })));

/** Any chart in the app goes through here so the chart code stays a separate chunk. */
export function LazyChart({ points }: { points: ChartPoint[] }) {
  return (
    <Suspense
      fallback={<div role="status" className="h-48 animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-800" />}
    >
      <ChartView points={points} />
    </Suspense>
  );
}
