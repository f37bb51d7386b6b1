import { type DashboardTile, dashboardGridColumns, type TileData } from '@querent/contracts';
import { GripVertical } from 'lucide-react';
import { type CSSProperties, useRef } from 'react';
import { TileArrangeButtons } from './tile-arrange-buttons.tsx';
import { TileBody } from './tile-body.tsx';
import { TileQuality } from './tile-quality.tsx';
import type { ArrangeAction, DragMode, Placed } from './tile-layout.ts';
import { useTileDrag } from './use-tile-drag.ts';

/** One grid row, in pixels; a tile `h` rows high is that many of them (with the gaps between). */
export const rowHeight = 72;
const gap = 16;
/** The tile's title bar and its footer, which the body's height leaves room for. */
const chrome = 64;
/** A line under the footer for the data quality of what the tile reads, when it reads any. */
const qualityLine = 18;

export function tileTitle(tile: DashboardTile): string {
  if (tile.title) return tile.title;
  if (tile.kind === 'text') return 'Note';
  return tile.kind === 'metric' ? tile.metricQuery.metrics.join(', ') || 'Metric' : 'Saved query';
}

function computedAtText(data: TileData | undefined): string | null {
  if (!data?.computedAt) return null;
  return `Computed ${new Date(data.computedAt).toLocaleString()}`;
}

/**
 * A tile at its place: from the `md` width on, the grid is 12 columns and each tile sits at its
 * x, y, w, h; on a phone every tile takes the whole width, one under the other in reading order.
 */
type HandleProps = ReturnType<ReturnType<typeof useTileDrag>['handle']>;

function TileCard({
  tile,
  data,
  editable,
  busy,
  dragging,
  handle,
  onArrange,
  onRemove,
}: {
  tile: DashboardTile;
  data: TileData | undefined;
  editable: boolean;
  busy: boolean;
  dragging: boolean;
  handle: (mode: DragMode) => HandleProps;
  onArrange: (action: ArrangeAction) => void;
  onRemove: () => void;
}) {
  const title = tileTitle(tile);
  const { x, y, w, h } = tile.layout;
  const style = {
    '--tile-column': `${x + 1} / span ${w}`,
    '--tile-row': `${y + 1} / span ${h}`,
    '--tile-height': `${h * rowHeight + (h - 1) * gap}px`,
  } as CSSProperties;
  const footer = chrome + ((data?.entities.length ?? 0) > 0 ? qualityLine : 0);
  const bodyHeight = Math.max(rowHeight, h * rowHeight + (h - 1) * gap - footer);
  const computed = tile.kind === 'text' ? null : computedAtText(data);
  return (
    <section
      aria-label={title}
      data-testid="dashboard-tile"
      data-tile-id={tile.id}
      data-layout={`${x},${y},${w},${h}`}
      style={style}
      className={`relative flex min-h-[var(--tile-height)] min-w-0 flex-col gap-2 overflow-hidden rounded-lg border bg-white p-3 md:[grid-column:var(--tile-column)] md:[grid-row:var(--tile-row)] dark:bg-zinc-900 ${
        dragging ? 'border-indigo-400 shadow-lg' : 'border-zinc-200 dark:border-zinc-800'
      }`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-1">
          {editable && !busy ? (
            // Pointer dragging; the arrange buttons do the same from the keyboard.
            <span
              {...handle('move')}
              data-testid="tile-drag-handle"
              aria-hidden="true"
              title="Drag to move"
              className="hidden cursor-grab touch-none text-zinc-400 hover:text-zinc-700 md:inline-flex dark:hover:text-zinc-200"
            >
              <GripVertical size={16} />
            </span>
          ) : null}
          <h2 className="truncate text-sm font-semibold">{title}</h2>
        </div>
        {editable ? (
          <TileArrangeButtons title={title} disabled={busy} onArrange={onArrange} onRemove={onRemove} />
        ) : null}
      </header>
      <div className="min-h-0 flex-1 overflow-auto">
        <TileBody tile={tile} data={data} label={title} height={bodyHeight} />
      </div>
      {computed ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{computed}</p> : null}
      {data ? <TileQuality entities={data.entities} /> : null}
      {editable && !busy ? (
        <span
          {...handle('resize')}
          data-testid="tile-resize-handle"
          aria-hidden="true"
          title="Drag to resize"
          className="absolute right-0 bottom-0 hidden size-4 cursor-se-resize touch-none rounded-tl border-t border-l border-zinc-300 bg-zinc-100 md:block dark:border-zinc-700 dark:bg-zinc-800"
        />
      ) : null}
    </section>
  );
}

export function DashboardGrid({
  tiles,
  data,
  editable,
  busy,
  onArrange,
  onLayout,
  onRemove,
}: {
  tiles: readonly DashboardTile[];
  data: ReadonlyMap<string, TileData>;
  editable: boolean;
  busy: boolean;
  onArrange: (tileId: string, action: ArrangeAction) => void;
  /** A layout dropped after a pointer drag. */
  onLayout: (layout: Placed[]) => void;
  onRemove: (tileId: string) => void;
}) {
  const grid = useRef<HTMLDivElement>(null);
  const layout = tiles.map((tile) => ({ id: tile.id, ...tile.layout }));
  const { preview, handle } = useTileDrag({
    grid,
    layout,
    gap,
    rowHeight,
    columns: dashboardGridColumns,
    onDrop: onLayout,
  });
  const placeOf = new Map((preview?.layout ?? []).map(({ id, ...place }) => [id, place]));
  return (
    <div
      ref={grid}
      data-testid="dashboard-grid"
      className="grid grid-cols-1 gap-4 md:auto-rows-[72px] md:grid-cols-12"
    >
      {tiles.map((tile) => (
        <TileCard
          key={tile.id}
          tile={{ ...tile, layout: placeOf.get(tile.id) ?? tile.layout }}
          data={data.get(tile.id)}
          editable={editable}
          busy={busy}
          dragging={preview?.id === tile.id}
          handle={(mode) => handle(tile.id, mode)}
          onArrange={(action) => onArrange(tile.id, action)}
          onRemove={() => onRemove(tile.id)}
        />
      ))}
    </div>
  );
}
