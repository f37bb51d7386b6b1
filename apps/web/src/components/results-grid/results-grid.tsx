import { getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ResultColumn } from '../../api/query-types.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';
import { writeClipboard } from './clipboard.ts';
import { GridContextMenu } from './grid-context-menu.tsx';
import { buildColumnDefs, columnMetas, type ResultRow, sortedOrder } from './grid-columns.ts';
import { GUTTER_WIDTH, GridHeader } from './grid-header.tsx';
import { GridRow, ROW_HEIGHT } from './grid-row.tsx';
import { allSelection, selectionBounds } from './grid-selection.ts';
import { useKeyColumnNames } from './key-columns.tsx';
import { ResultSummary } from './result-summary.tsx';
import { useGridSelection } from './use-grid-selection.ts';

export interface ResultsGridProps {
  columns: readonly ResultColumn[];
  /** Each row's cells in `columns` order. */
  rows: readonly ResultRow[];
  /** The total number of rows; differs from rows.length when the result was cut. */
  count?: number | null;
  truncated?: boolean;
  durationMs?: number | null;
  /** Height of the scrolling area in pixels; without it the grid fills its (flex) parent. */
  height?: number;
  /** The grid's accessible name. */
  label?: string;
  /** Hides the row count / duration line (a caller showing its own). */
  hideSummary?: boolean;
}

const noRows: ResultRow[] = [];

/** Keeps a window of rows around the visible ones in the DOM; 100,000 rows scroll like 100. */
const OVERSCAN = 12;
const FALLBACK_HEIGHT = 480;

/**
 * A scroller that measures 0 (not laid out yet: a hidden tab, a DOM without layout) would show no
 * rows at all; it gets a first window of the expected height until a real size arrives.
 */
function observeWithFallback(fallbackHeight: number) {
  return (
    instance: Virtualizer<HTMLDivElement, Element>,
    cb: (rect: { width: number; height: number }) => void,
  ) =>
    observeElementRect(instance, (rect) =>
      cb(rect.height > 0 ? rect : { width: rect.width || 1024, height: fallbackHeight }),
    );
}

/**
 * A query result as a grid: virtualised rows, sortable and resizable columns, cell / row /
 * rectangle selection copied as TSV (Ctrl/Cmd+C or right click) with the exact values, numbers
 * shown in the reader's locale (`readableValue`), NULLs shown dimmed, and a summary line with the
 * row count, the truncation and the duration. Used by the editor, chat results and favourites.
 */
export function ResultsGrid({
  columns,
  rows,
  count,
  truncated = false,
  durationMs,
  height,
  label = 'Query results',
  hideSummary = false,
}: ResultsGridProps) {
  const keyNames = useKeyColumnNames();
  const metas = useMemo(() => columnMetas(columns, rows, keyNames), [columns, rows, keyNames]);
  const columnDefs = useMemo(() => buildColumnDefs(metas), [metas]);
  const [sorting, setSorting] = useState<SortingState>([]);
  const scroller = useRef<HTMLDivElement>(null);

  // The table model owns the header state (sort order, widths, resizing). Rows stay out of it:
  // it would build a wrapper object with dozens of closures per row, too heavy at 100,000 rows,
  // so the grid sorts an index array itself (sortedOrder).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: noRows,
    columns: columnDefs,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    columnResizeMode: 'onChange',
    enableColumnResizing: true,
    defaultColumn: { size: 160, minSize: 48, maxSize: 1600 },
  });
  const widths = table.getVisibleLeafColumns().map((column) => column.getSize());

  const order = useMemo(() => sortedOrder(rows, metas, sorting), [rows, metas, sorting]);
  const rowAt = useCallback((index: number) => rows[order ? (order[index] ?? -1) : index], [rows, order]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    observeElementRect: observeWithFallback(height ?? FALLBACK_HEIGHT),
  });

  const grid = useGridSelection({
    rowAt,
    rowCount: rows.length,
    metas,
    scrollToRow: (row) => virtualizer.scrollToIndex(row),
  });
  // A new result starts unsorted and unselected: the old column positions mean nothing for it.
  const [shownColumns, setShownColumns] = useState(columns);
  if (shownColumns !== columns) {
    setShownColumns(columns);
    setSorting([]);
    grid.setSelection(null);
  }
  const bounds = grid.selection ? selectionBounds(grid.selection) : null;
  const focus = grid.selection?.focus ?? null;
  const totalWidth = GUTTER_WIDTH + table.getTotalSize();

  const copy = (kind: Parameters<typeof grid.copyText>[0]) => () => {
    writeClipboard(grid.copyText(kind, grid.menu?.cell)).catch((error: unknown) =>
      notify({ group: 'grid', type: 'error', title: 'Could not copy', text: errorMessage(error) }),
    );
  };

  return (
    <div className={`flex min-h-0 flex-col gap-1 ${height === undefined ? 'flex-1' : ''}`}>
      <div
        ref={scroller}
        role="grid"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length + 1}
        aria-multiselectable="true"
        tabIndex={0}
        onKeyDown={grid.onKeyDown}
        onCopy={grid.onCopy}
        style={height === undefined ? undefined : { height }}
        className="relative min-h-24 flex-1 overflow-auto rounded-md border border-zinc-200 bg-white outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40 dark:border-zinc-800 dark:bg-zinc-950"
      >
        <div style={{ width: totalWidth, minWidth: '100%' }}>
          <GridHeader
            table={table}
            onSelectAll={() => grid.setSelection(allSelection(rows.length, columns.length))}
          />
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rowAt(item.index);
              if (!row) return null;
              return (
                <GridRow
                  key={item.key}
                  row={row}
                  metas={metas}
                  widths={widths}
                  index={item.index}
                  top={item.start}
                  selection={bounds}
                  focusCol={focus?.row === item.index ? focus.col : null}
                  handlers={grid.handlers}
                />
              );
            })}
          </div>
          {rows.length === 0 ? <p className="px-3 py-4 text-sm text-zinc-500">No rows.</p> : null}
        </div>
      </div>
      {hideSummary ? null : (
        <ResultSummary shown={rows.length} count={count} truncated={truncated} durationMs={durationMs} />
      )}
      {grid.menu ? (
        <GridContextMenu
          x={grid.menu.x}
          y={grid.menu.y}
          onClose={grid.closeMenu}
          actions={[
            { label: 'Copy cell', run: copy('cell') },
            { label: 'Copy row', run: copy('row') },
            { label: 'Copy selection', run: copy('selection') },
            { label: 'Copy selection with headers', run: copy('selection-with-headers') },
          ]}
        />
      ) : null}
    </div>
  );
}
