/** A cell by its displayed (sorted) row index and its column index. */
export interface CellPosition {
  row: number;
  col: number;
}

/** A rectangle of cells from where the selection started to where it now ends. */
export interface GridSelection {
  anchor: CellPosition;
  focus: CellPosition;
}

export interface SelectionBounds {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export function selectionBounds(selection: GridSelection): SelectionBounds {
  const { anchor, focus } = selection;
  return {
    top: Math.min(anchor.row, focus.row),
    bottom: Math.max(anchor.row, focus.row),
    left: Math.min(anchor.col, focus.col),
    right: Math.max(anchor.col, focus.col),
  };
}

export function isSelected(selection: GridSelection | null, row: number, col: number): boolean {
  if (!selection) return false;
  const bounds = selectionBounds(selection);
  return row >= bounds.top && row <= bounds.bottom && col >= bounds.left && col <= bounds.right;
}

export function cellSelection(cell: CellPosition): GridSelection {
  return { anchor: cell, focus: cell };
}

export function rowSelection(row: number, columnCount: number): GridSelection {
  return { anchor: { row, col: 0 }, focus: { row, col: Math.max(0, columnCount - 1) } };
}

export function allSelection(rowCount: number, columnCount: number): GridSelection | null {
  if (rowCount === 0 || columnCount === 0) return null;
  return { anchor: { row: 0, col: 0 }, focus: { row: rowCount - 1, col: columnCount - 1 } };
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));

/**
 * Moves the focus cell by an arrow key within the grid; with `extend` (Shift) the anchor stays and
 * the rectangle grows, otherwise the selection collapses to the new cell.
 */
export function moveSelection(
  selection: GridSelection | null,
  delta: CellPosition,
  size: { rows: number; cols: number },
  extend: boolean,
): GridSelection | null {
  if (size.rows === 0 || size.cols === 0) return null;
  const from = selection?.focus ?? { row: 0, col: 0 };
  const focus = {
    row: clamp(from.row + delta.row, size.rows - 1),
    col: clamp(from.col + delta.col, size.cols - 1),
  };
  return extend && selection ? { anchor: selection.anchor, focus } : cellSelection(focus);
}
