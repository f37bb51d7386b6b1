import {
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useRef,
  useState,
} from 'react';
import { copyValue, toTsv } from './format-value.ts';
import type { GridColumnMeta, ResultRow } from './grid-columns.ts';
import type { CellPointerHandlers } from './grid-row.tsx';
import {
  allSelection,
  type CellPosition,
  cellSelection,
  type GridSelection,
  moveSelection,
  rowSelection,
  selectionBounds,
} from './grid-selection.ts';

const arrows: Record<string, CellPosition> = {
  ArrowUp: { row: -1, col: 0 },
  ArrowDown: { row: 1, col: 0 },
  ArrowLeft: { row: 0, col: -1 },
  ArrowRight: { row: 0, col: 1 },
};

export interface MenuState {
  x: number;
  y: number;
  cell: CellPosition;
}

/**
 * Cell selection in the grid: click a cell, Shift+click or drag to span a rectangle, click a row
 * number for the row, arrows (with Shift to extend), Ctrl/Cmd+A for everything, Escape to clear.
 * Copy (Ctrl/Cmd+C or the menu) writes the selection as TSV in the displayed (sorted) order.
 */
export function useGridSelection({
  rowAt,
  rowCount,
  metas,
  scrollToRow,
}: {
  /** The row shown at a displayed position (after sorting). */
  rowAt: (index: number) => ResultRow | undefined;
  rowCount: number;
  metas: readonly GridColumnMeta[];
  scrollToRow: (row: number) => void;
}) {
  const columnCount = metas.length;
  const [selection, setSelection] = useState<GridSelection | null>(null);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const dragging = useRef(false);

  const valuesOf = useCallback(
    (top: number, bottom: number, left: number, right: number): unknown[][] => {
      const values: unknown[][] = [];
      for (let index = top; index <= bottom; index += 1) {
        const row = rowAt(index);
        values.push(row ? row.slice(left, right + 1) : []);
      }
      return values;
    },
    [rowAt],
  );

  const copyText = useCallback(
    (kind: 'cell' | 'row' | 'selection' | 'selection-with-headers', at?: CellPosition): string => {
      const target = at ?? selection?.focus;
      if (kind === 'cell')
        return target ? copyValue(valuesOf(target.row, target.row, target.col, target.col)[0]?.[0]) : '';
      if (kind === 'row') return target ? toTsv(valuesOf(target.row, target.row, 0, columnCount - 1)) : '';
      if (!selection) return '';
      const { top, bottom, left, right } = selectionBounds(selection);
      const body = valuesOf(top, bottom, left, right);
      const headers = metas.slice(left, right + 1).map((meta) => meta.name);
      return toTsv(kind === 'selection-with-headers' ? [headers, ...body] : body);
    },
    [selection, valuesOf, columnCount, metas],
  );

  const handlers: CellPointerHandlers = {
    onCellMouseDown(event: MouseEvent, row, col) {
      if (event.button !== 0) return;
      dragging.current = true;
      const stop = () => {
        dragging.current = false;
        document.removeEventListener('mouseup', stop);
      };
      document.addEventListener('mouseup', stop);
      setSelection((current) =>
        event.shiftKey && current
          ? { anchor: current.anchor, focus: { row, col } }
          : cellSelection({ row, col }),
      );
    },
    onCellMouseEnter(row, col) {
      if (dragging.current)
        setSelection((current) => (current ? { anchor: current.anchor, focus: { row, col } } : current));
    },
    onCellContextMenu(event, row, col) {
      event.preventDefault();
      const inside =
        selection !== null &&
        (() => {
          const bounds = selectionBounds(selection);
          return row >= bounds.top && row <= bounds.bottom && col >= bounds.left && col <= bounds.right;
        })();
      if (!inside) setSelection(cellSelection({ row, col }));
      setMenu({ x: event.clientX, y: event.clientY, cell: { row, col } });
    },
    onRowNumberClick(event, row) {
      setSelection((current) =>
        event.shiftKey && current
          ? { anchor: { row: current.anchor.row, col: 0 }, focus: { row, col: columnCount - 1 } }
          : rowSelection(row, columnCount),
      );
    },
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const size = { rows: rowCount, cols: columnCount };
    const delta = arrows[event.key];
    if (delta) {
      event.preventDefault();
      const next = moveSelection(selection, delta, size, event.shiftKey);
      setSelection(next);
      if (next) scrollToRow(next.focus.row);
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      setSelection(allSelection(size.rows, size.cols));
    } else if (event.key === 'Escape') {
      setSelection(null);
    }
  };

  /** Ctrl/Cmd+C with the grid focused: the browser's own copy event carries the TSV. */
  const onCopy = (event: ClipboardEvent) => {
    if (!selection) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', copyText('selection'));
  };

  return {
    selection,
    setSelection,
    menu,
    closeMenu: useCallback(() => setMenu(null), []),
    handlers,
    onKeyDown,
    onCopy,
    copyText,
  };
}
