import { dashboardGridColumns, type TileLayout } from '@querent/contracts';

/** One tile's place, by id: what the grid draws and what a PUT sends back. */
export interface Placed extends TileLayout {
  id: string;
}

/** The ways a person arranges a tile from the keyboard (or the buttons). */
export type ArrangeAction = 'up' | 'down' | 'left' | 'right' | 'wider' | 'narrower' | 'taller' | 'shorter';

const maxHeight = 48;
const minWidth = 2;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function overlaps(a: TileLayout, b: TileLayout): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function sharesColumns(a: TileLayout, b: TileLayout): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w;
}

/**
 * Lays the tiles out again without gaps or overlaps, keeping their order top to bottom: each in
 * turn (by row, the moved one first among equals, then by column) goes down past any tile it
 * overlaps, then up as far as the tiles already placed let it.
 */
export function settle(tiles: readonly Placed[], movedId: string | null = null): Placed[] {
  const order = [...tiles].sort(
    (a, b) => a.y - b.y || Number(b.id === movedId) - Number(a.id === movedId) || a.x - b.x,
  );
  const placed: Placed[] = [];
  for (const tile of order) {
    const next = { ...tile };
    for (let blocker = placed.find((other) => overlaps(other, next)); blocker; ) {
      next.y = blocker.y + blocker.h;
      blocker = placed.find((other) => overlaps(other, next));
    }
    while (next.y > 0 && !placed.some((other) => overlaps(other, { ...next, y: next.y - 1 }))) next.y -= 1;
    placed.push(next);
  }
  // The caller's order, so a list keyed by tile keeps its focus where it was.
  return tiles.map((tile) => placed.find((item) => item.id === tile.id) ?? tile);
}

/** The nearest tile above (or below) `tile` in the columns it spans. */
function neighbour(tiles: readonly Placed[], tile: Placed, direction: 'up' | 'down'): Placed | null {
  const candidates = tiles.filter(
    (other) =>
      other.id !== tile.id &&
      sharesColumns(other, tile) &&
      (direction === 'up' ? other.y < tile.y : other.y >= tile.y + tile.h),
  );
  if (candidates.length === 0) return null;
  return candidates.reduce((best, other) =>
    direction === 'up' ? (other.y > best.y ? other : best) : other.y < best.y ? other : best,
  );
}

/**
 * Moves or resizes one tile and settles the rest around it. Up and down trade places with the
 * nearest tile above or below; left and right shift it a column; wider, narrower, taller and
 * shorter change its size by one cell, within the grid. Answers the layout unchanged when the
 * tile cannot go further.
 */
export function arrange(tiles: readonly Placed[], id: string, action: ArrangeAction): Placed[] {
  const tile = tiles.find((item) => item.id === id);
  if (!tile) return [...tiles];
  const changed = { ...tile };
  const others = new Map(tiles.map((item) => [item.id, { ...item }]));
  switch (action) {
    case 'up':
    case 'down': {
      const other = neighbour(tiles, tile, action);
      if (!other) return [...tiles];
      const swapped = others.get(other.id);
      if (!swapped) return [...tiles];
      if (action === 'up') {
        changed.y = other.y;
        swapped.y = other.y + tile.h;
      } else {
        swapped.y = tile.y;
        changed.y = tile.y + other.h;
      }
      break;
    }
    case 'left':
      changed.x = Math.max(0, tile.x - 1);
      break;
    case 'right':
      changed.x = Math.min(dashboardGridColumns - tile.w, tile.x + 1);
      break;
    case 'wider':
      changed.w = Math.min(dashboardGridColumns, tile.w + 1);
      changed.x = Math.min(tile.x, dashboardGridColumns - changed.w);
      break;
    case 'narrower':
      changed.w = Math.max(minWidth, tile.w - 1);
      break;
    case 'taller':
      changed.h = Math.min(maxHeight, tile.h + 1);
      break;
    case 'shorter':
      changed.h = Math.max(1, tile.h - 1);
      break;
  }
  others.set(id, changed);
  return settle(
    tiles.map((item) => others.get(item.id) ?? item),
    id,
  );
}

/** Whether two layouts place every tile alike (nothing to save). */
export function sameLayout(a: readonly Placed[], b: readonly Placed[]): boolean {
  return (
    a.length === b.length &&
    a.every((tile) => {
      const other = b.find((item) => item.id === tile.id);
      return (
        other !== undefined &&
        other.x === tile.x &&
        other.y === tile.y &&
        other.w === tile.w &&
        other.h === tile.h
      );
    })
  );
}

/** What a pointer drag does to a tile: move it, or resize it from its bottom-right corner. */
export type DragMode = 'move' | 'resize';

/**
 * The layout while a tile is dragged `columns` and `rows` cells from where it was: moved (kept on
 * the grid) or resized (within the grid and the size limits), the others settling around it.
 */
export function dragTile(
  tiles: readonly Placed[],
  id: string,
  mode: DragMode,
  cells: { columns: number; rows: number },
): Placed[] {
  const tile = tiles.find((item) => item.id === id);
  if (!tile) return [...tiles];
  const changed =
    mode === 'move'
      ? {
          ...tile,
          x: clamp(tile.x + cells.columns, 0, dashboardGridColumns - tile.w),
          y: Math.max(0, tile.y + cells.rows),
        }
      : {
          ...tile,
          w: clamp(tile.w + cells.columns, minWidth, dashboardGridColumns - tile.x),
          h: clamp(tile.h + cells.rows, 1, maxHeight),
        };
  return settle(
    tiles.map((item) => (item.id === id ? changed : item)),
    id,
  );
}
