import type { TileLayout } from '@querent/contracts';
import { dashboardGridColumns } from '@querent/contracts';

function overlaps(a: TileLayout, b: TileLayout): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * The first place, reading the grid top to bottom and left to right, where a tile of this size
 * covers none of the others: beside the last tile when there is room, else below them all.
 */
export function freePlace(taken: readonly TileLayout[], size: { w: number; h: number }): TileLayout {
  const bottom = Math.max(0, ...taken.map((tile) => tile.y + tile.h));
  for (let y = 0; y <= bottom; y += 1) {
    for (let x = 0; x + size.w <= dashboardGridColumns; x += 1) {
      const place = { x, y, ...size };
      if (!taken.some((tile) => overlaps(tile, place))) return place;
    }
  }
  return { x: 0, y: bottom, ...size };
}
