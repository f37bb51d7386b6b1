import type { MouseEvent } from 'react';
import { displayValue, readableValue } from './format-value.ts';
import type { GridColumnMeta, ResultRow } from './grid-columns.ts';
import { GUTTER_WIDTH } from './grid-header.tsx';
import type { SelectionBounds } from './grid-selection.ts';

export const ROW_HEIGHT = 28;

export interface CellPointerHandlers {
  onCellMouseDown: (event: MouseEvent, row: number, col: number) => void;
  onCellMouseEnter: (row: number, col: number) => void;
  onCellContextMenu: (event: MouseEvent, row: number, col: number) => void;
  onRowNumberClick: (event: MouseEvent, row: number) => void;
}

/** Numbers read in the reader's locale; the exact value stays in the cell's title and its copy. */
function CellContent({ value, meta }: { value: unknown; meta: GridColumnMeta }) {
  if (value === null || value === undefined) {
    return <span className="text-zinc-400 italic dark:text-zinc-500">NULL</span>;
  }
  return <>{meta.numeric ? readableValue(value, meta.kind) : displayValue(value)}</>;
}

/** One result row: its number in the gutter, then its cells, placed by the virtualiser. */
export function GridRow({
  row,
  metas,
  widths,
  index,
  top,
  selection,
  focusCol,
  handlers,
}: {
  row: ResultRow;
  metas: readonly GridColumnMeta[];
  widths: readonly number[];
  /** The displayed position (after sorting), which selection and copy use. */
  index: number;
  top: number;
  selection: SelectionBounds | null;
  /** The column of the focused cell when it is on this row. */
  focusCol: number | null;
  handlers: CellPointerHandlers;
}) {
  const rowSelected = selection !== null && index >= selection.top && index <= selection.bottom;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="absolute left-0 flex"
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        style={{ width: GUTTER_WIDTH }}
        onMouseDown={(event) => handlers.onRowNumberClick(event, index)}
        className={`sticky left-0 z-[1] shrink-0 cursor-pointer border-r border-b border-zinc-200 px-2 text-right font-mono text-xs leading-7 text-zinc-500 dark:border-zinc-800 ${
          rowSelected ? 'bg-indigo-100 dark:bg-indigo-950' : 'bg-zinc-50 dark:bg-zinc-900'
        }`}
      >
        {index + 1}
      </div>
      {metas.map((meta, col) => {
        const selected = rowSelected && col >= selection.left && col <= selection.right;
        const value = row[col];
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional; names may repeat.
            key={col}
            role="gridcell"
            aria-colindex={col + 2}
            aria-selected={selected}
            style={{ width: widths[col] }}
            title={value === null || value === undefined ? undefined : displayValue(value).slice(0, 500)}
            onMouseDown={(event) => handlers.onCellMouseDown(event, index, col)}
            onMouseEnter={() => handlers.onCellMouseEnter(index, col)}
            onContextMenu={(event) => handlers.onCellContextMenu(event, index, col)}
            className={`shrink-0 truncate border-r border-b border-zinc-100 px-2 font-mono text-xs leading-7 select-none dark:border-zinc-800 ${
              meta.numeric ? 'text-right tabular-nums' : ''
            } ${selected ? 'bg-indigo-100 dark:bg-indigo-950' : ''} ${
              focusCol === col ? 'outline-2 -outline-offset-2 outline-indigo-500' : ''
            }`}
          >
            <CellContent value={value} meta={meta} />
          </div>
        );
      })}
    </div>
  );
}
