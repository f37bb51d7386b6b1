import { describe, expect, it } from 'vitest';
import {
  arrange,
  dragTile,
  type Placed,
  sameLayout,
  settle,
} from '../src/features/dashboards/tile-layout.ts';

const tile = (id: string, x: number, y: number, w: number, h: number): Placed => ({ id, x, y, w, h });
const at = (tiles: Placed[]) => Object.fromEntries(tiles.map(({ id, x, y, w, h }) => [id, [x, y, w, h]]));

describe('settling a layout', () => {
  it('closes gaps and overlaps, keeping the order top to bottom', () => {
    expect(at(settle([tile('a', 0, 3, 6, 2), tile('b', 0, 4, 12, 2), tile('c', 6, 9, 6, 1)]))).toEqual({
      a: [0, 0, 6, 2],
      b: [0, 2, 12, 2],
      c: [6, 4, 6, 1],
    });
  });

  it('lets tiles side by side stay side by side', () => {
    const layout = [tile('a', 0, 0, 6, 4), tile('b', 6, 0, 6, 4)];
    expect(settle(layout)).toEqual(layout);
  });
});

describe('arranging one tile', () => {
  const stacked = [tile('a', 0, 0, 12, 2), tile('b', 0, 2, 12, 3), tile('c', 0, 5, 12, 1)];

  it('moves up and down by trading places with its neighbour', () => {
    expect(at(arrange(stacked, 'b', 'up'))).toEqual({ a: [0, 3, 12, 2], b: [0, 0, 12, 3], c: [0, 5, 12, 1] });
    expect(at(arrange(stacked, 'b', 'down'))).toEqual({
      a: [0, 0, 12, 2],
      b: [0, 3, 12, 3],
      c: [0, 2, 12, 1],
    });
    // Nothing above the first, nothing below the last.
    expect(arrange(stacked, 'a', 'up')).toEqual(stacked);
    expect(arrange(stacked, 'c', 'down')).toEqual(stacked);
  });

  it('shifts by a column within the grid, pushing down what it would cover', () => {
    const pair = [tile('a', 0, 0, 6, 4), tile('b', 6, 0, 6, 4)];
    expect(arrange(pair, 'a', 'left')).toEqual(pair);
    expect(arrange(pair, 'b', 'right')).toEqual(pair);
    expect(at(arrange(pair, 'a', 'right'))).toEqual({ a: [1, 0, 6, 4], b: [6, 4, 6, 4] });
    // Back again, the other tile rises into the room it left.
    expect(at(arrange(arrange(pair, 'a', 'right'), 'a', 'left'))).toEqual({
      a: [0, 0, 6, 4],
      b: [6, 0, 6, 4],
    });
  });

  it('grows and shrinks by a cell, never past the grid or below its smallest size', () => {
    expect(at(arrange([tile('a', 8, 0, 4, 2)], 'a', 'wider'))).toEqual({ a: [7, 0, 5, 2] });
    expect(arrange([tile('a', 0, 0, 12, 2)], 'a', 'wider')).toEqual([tile('a', 0, 0, 12, 2)]);
    expect(at(arrange([tile('a', 0, 0, 3, 2)], 'a', 'narrower'))).toEqual({ a: [0, 0, 2, 2] });
    expect(arrange([tile('a', 0, 0, 2, 2)], 'a', 'narrower')).toEqual([tile('a', 0, 0, 2, 2)]);
    expect(at(arrange(stacked, 'a', 'taller'))).toEqual({
      a: [0, 0, 12, 3],
      b: [0, 3, 12, 3],
      c: [0, 6, 12, 1],
    });
    expect(arrange([tile('a', 0, 0, 4, 1)], 'a', 'shorter')).toEqual([tile('a', 0, 0, 4, 1)]);
  });

  it('leaves the layout as it was for a tile it does not have', () => {
    expect(arrange(stacked, 'z', 'up')).toEqual(stacked);
    expect(sameLayout(stacked, arrange(stacked, 'a', 'up'))).toBe(true);
    expect(sameLayout(stacked, arrange(stacked, 'b', 'up'))).toBe(false);
  });
});

describe('dragging one tile with the pointer', () => {
  const pair = [tile('a', 0, 0, 6, 4), tile('b', 6, 0, 6, 4)];

  it('moves it by whole cells, kept on the grid, the others settling around it', () => {
    expect(at(dragTile(pair, 'a', 'move', { columns: 6, rows: 0 }))).toEqual({
      a: [6, 0, 6, 4],
      b: [6, 4, 6, 4],
    });
    expect(at(dragTile(pair, 'a', 'move', { columns: 40, rows: -3 }))).toEqual({
      a: [6, 0, 6, 4],
      b: [6, 4, 6, 4],
    });
    // Dropped below the other: it goes under it, and the other rises.
    expect(at(dragTile(pair, 'a', 'move', { columns: 6, rows: 5 }))).toEqual({
      a: [6, 4, 6, 4],
      b: [6, 0, 6, 4],
    });
  });

  it('resizes it from its corner within the grid and the size limits', () => {
    expect(at(dragTile(pair, 'a', 'resize', { columns: 2, rows: 2 }))).toEqual({
      a: [0, 0, 8, 6],
      b: [6, 6, 6, 4],
    });
    expect(at(dragTile(pair, 'b', 'resize', { columns: 5, rows: -10 }))).toEqual({
      a: [0, 0, 6, 4],
      b: [6, 0, 6, 1],
    });
    expect(at(dragTile(pair, 'a', 'resize', { columns: -9, rows: 0 }))).toEqual({
      a: [0, 0, 2, 4],
      b: [6, 0, 6, 4],
    });
  });
});
