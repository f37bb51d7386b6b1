import { type PointerEvent, type RefObject, useRef, useState } from 'react';
import { dragTile, type DragMode, type Placed, sameLayout } from './tile-layout.ts';

/** Where the grid has its 12 columns (Tailwind's `md`); a phone's single column is not dragged. */
const wideGrid = '(min-width: 48rem)';

interface Drag {
  id: string;
  mode: DragMode;
  pointerX: number;
  pointerY: number;
  /** One column's and one row's step in pixels, gaps included. */
  step: { x: number; y: number };
}

/**
 * Dragging a tile by its handle (move) or its corner (resize) with the pointer: the grid shows the
 * layout as it would be while the pointer moves, and `onDrop` gets it when the pointer is let go
 * somewhere else than it started. Escape puts everything back.
 */
export function useTileDrag({
  grid,
  layout,
  gap,
  rowHeight,
  columns,
  onDrop,
}: {
  grid: RefObject<HTMLElement | null>;
  layout: readonly Placed[];
  gap: number;
  rowHeight: number;
  columns: number;
  onDrop: (next: Placed[]) => void;
}) {
  const [preview, setPreview] = useState<{ id: string; layout: Placed[] } | null>(null);
  const drag = useRef<Drag | null>(null);
  const latest = useRef<Placed[] | null>(null);

  function show(next: { id: string; layout: Placed[] } | null) {
    latest.current = next?.layout ?? null;
    setPreview(next);
  }

  function begin(event: PointerEvent<HTMLElement>, id: string, mode: DragMode) {
    if (event.button !== 0 || !grid.current || !window.matchMedia(wideGrid).matches) return;
    const width = grid.current.getBoundingClientRect().width;
    drag.current = {
      id,
      mode,
      pointerX: event.clientX,
      pointerY: event.clientY,
      step: { x: (width + gap) / columns, y: rowHeight + gap },
    };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  function move(event: PointerEvent<HTMLElement>) {
    const current = drag.current;
    if (!current) return;
    const cells = {
      columns: Math.round((event.clientX - current.pointerX) / current.step.x),
      rows: Math.round((event.clientY - current.pointerY) / current.step.y),
    };
    show({ id: current.id, layout: dragTile(layout, current.id, current.mode, cells) });
  }

  function end() {
    const dropped = latest.current;
    drag.current = null;
    show(null);
    if (dropped && !sameLayout(layout, dropped)) onDrop(dropped);
  }

  function cancel() {
    drag.current = null;
    show(null);
  }

  /** Props for a handle of one tile. */
  const handle = (id: string, mode: DragMode) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => begin(event, id, mode),
    onPointerMove: move,
    onPointerUp: end,
    onPointerCancel: cancel,
    onKeyDown: (event: { key: string }) => {
      if (event.key === 'Escape') cancel();
    },
  });

  /** The layout shown while a tile is dragged, and which tile it is; null otherwise. */
  return { preview, handle };
}
