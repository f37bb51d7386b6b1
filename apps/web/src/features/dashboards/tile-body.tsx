import { type DashboardTile, type TileData, tileNoAccess } from '@querent/contracts';
import { lazy, Suspense } from 'react';
import { LazyChart } from '../../components/chart/lazy-chart.tsx';
import { LazyMarkdown } from '../chat/lazy-rich-text.tsx';

// The shared grid loads with the first table a dashboard shows.
const ResultsGrid = lazy(() =>
  import('../../components/results-grid/results-grid.tsx').then((module) => ({
    default: module.ResultsGrid,
  })),
);

function Placeholder({ height }: { height: number }) {
  return (
    <div role="status" style={{ height }} className="animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-800">
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/**
 * What a tile shows: its Markdown, or its result as the chart it was pinned with or as a table;
 * "no access" (never data) where the viewer may not read its database; the failure otherwise.
 */
export function TileBody({
  tile,
  data,
  label,
  height,
}: {
  tile: DashboardTile;
  /** Undefined while the tile's data loads. */
  data: TileData | undefined;
  label: string;
  height: number;
}) {
  if (tile.kind === 'text') return <LazyMarkdown text={tile.text} engine={null} />;
  if (data === undefined) return <Placeholder height={height} />;
  if (data.error === tileNoAccess) {
    return (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        No access: you may not read the database this tile reads.
      </p>
    );
  }
  if (data.error !== null) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {data.error}
      </p>
    );
  }
  if (tile.chart) {
    return (
      <LazyChart
        config={tile.chart}
        data={{ columns: data.columns, rows: data.rows }}
        height={height}
        label={label}
      />
    );
  }
  return (
    <Suspense fallback={<Placeholder height={height} />}>
      <ResultsGrid
        columns={data.columns}
        rows={data.rows}
        count={data.count}
        truncated={data.truncated}
        height={height}
        label={label}
        hideSummary
      />
    </Suspense>
  );
}
