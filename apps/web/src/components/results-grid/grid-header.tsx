import type { Header, Table } from '@tanstack/react-table';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { GridColumnMeta, ResultRow } from './grid-columns.ts';

export const GUTTER_WIDTH = 56;
export const HEADER_HEIGHT = 30;

function ariaSort(header: Header<ResultRow, unknown>): 'ascending' | 'descending' | 'none' {
  const sorted = header.column.getIsSorted();
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

function HeaderCell({ header }: { header: Header<ResultRow, unknown> }) {
  const meta = header.column.columnDef.meta as GridColumnMeta;
  const sorted = header.column.getIsSorted();
  const resizing = header.column.getIsResizing();
  return (
    <div
      role="columnheader"
      aria-sort={ariaSort(header)}
      aria-colindex={header.index + 2}
      style={{ width: header.getSize() }}
      className="relative flex shrink-0 items-center border-r border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <button
        type="button"
        title={`${meta.name} (${meta.type}) — click to sort`}
        onClick={header.column.getToggleSortingHandler()}
        className={`flex h-full min-w-0 flex-1 items-center gap-1 px-2 text-left text-xs font-semibold ${
          meta.numeric ? 'justify-end' : ''
        }`}
      >
        <span className="truncate">{meta.name}</span>
        {sorted === 'asc' ? <ArrowUp size={12} aria-hidden="true" className="shrink-0" /> : null}
        {sorted === 'desc' ? <ArrowDown size={12} aria-hidden="true" className="shrink-0" /> : null}
      </button>
      {/* Drag to resize; a double click gives the column its default width back. */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize column ${meta.name}`}
        onMouseDown={header.getResizeHandler()}
        onTouchStart={header.getResizeHandler()}
        onDoubleClick={() => header.column.resetSize()}
        className={`absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-indigo-400 ${
          resizing ? 'bg-indigo-500' : ''
        }`}
      />
    </div>
  );
}

/** The sticky header row: a corner over the row numbers, then one sortable, resizable cell per column. */
export function GridHeader({ table, onSelectAll }: { table: Table<ResultRow>; onSelectAll: () => void }) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <div role="row" aria-rowindex={1} className="sticky top-0 z-10 flex" style={{ height: HEADER_HEIGHT }}>
      <div
        role="columnheader"
        aria-colindex={1}
        style={{ width: GUTTER_WIDTH }}
        className="sticky left-0 z-20 flex shrink-0 items-center justify-center border-r border-b border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <button
          type="button"
          onClick={onSelectAll}
          className="h-full w-full text-xs text-zinc-500"
          aria-label="Select all cells"
        >
          #
        </button>
      </div>
      {headers.map((header) => (
        <HeaderCell key={header.id} header={header} />
      ))}
    </div>
  );
}
