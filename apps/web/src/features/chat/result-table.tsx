import type { ResultColumn, ResultRow } from '@querent/contracts';
import { lazy, Suspense } from 'react';

// The shared grid (TanStack Table and Virtual) only loads once a result is on screen, so an
// empty /chat/new does not pay for it.
const ResultsGrid = lazy(() =>
  import('../../components/results-grid/results-grid.tsx').then((module) => ({
    default: module.ResultsGrid,
  })),
);

/** Inline results stay short; the grid scrolls inside this height. */
const INLINE_GRID_HEIGHT = 280;

export interface ResultTableData {
  columns: ResultColumn[];
  /** Each row's cells in `columns` order. */
  rows: ResultRow[];
  count: number | null;
  truncated: boolean;
  durationMs?: number | null;
}

/** A query result inside the chat: the app's results grid (sortable, copy), sized for a message. */
export function ResultTable({ data }: { data: ResultTableData }) {
  const height = Math.min(INLINE_GRID_HEIGHT, 36 + data.rows.length * 28);
  return (
    <div data-testid="result-table" className="flex flex-col gap-1">
      <Suspense
        fallback={
          <div
            role="status"
            style={{ height }}
            className="animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-800"
          />
        }
      >
        <ResultsGrid
          columns={data.columns}
          rows={data.rows}
          count={data.count}
          truncated={data.truncated}
          durationMs={data.durationMs ?? null}
          height={height}
          label="Result"
        />
      </Suspense>
    </div>
  );
}
