import type { CSSProperties } from 'react';
import type { DashboardTile, TileData } from '@querent/contracts';
import { TileArrangeButtons } from './tile-arrange-buttons.tsx';
import { TileBody } from './tile-body.tsx';
import type { ArrangeAction } from './tile-layout.ts';

/** One grid row, in pixels; a tile `h` rows high is that many of them (with the gaps between). */
export const rowHeight = 72;
const gap = 16;
/** The tile's title bar and its footer, which the body's height leaves room for. */
const chrome = 64;

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
function TileCard({
  tile,
  data,
  editable,
  busy,
  onArrange,
  onRemove,
}: {
  tile: DashboardTile;
  data: TileData | undefined;
  editable: boolean;
  busy: boolean;
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
  const bodyHeight = Math.max(rowHeight, h * rowHeight + (h - 1) * gap - chrome);
  const computed = tile.kind === 'text' ? null : computedAtText(data);
  return (
    <section
      aria-label={title}
      data-testid="dashboard-tile"
      data-tile-id={tile.id}
      data-layout={`${x},${y},${w},${h}`}
      style={style}
      className="flex min-h-[var(--tile-height)] min-w-0 flex-col gap-2 overflow-hidden rounded-lg border border-zinc-200 bg-white p-3 md:[grid-column:var(--tile-column)] md:[grid-row:var(--tile-row)] dark:border-zinc-800 dark:bg-zinc-900"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="truncate text-sm font-semibold">{title}</h2>
        {editable ? (
          <TileArrangeButtons title={title} disabled={busy} onArrange={onArrange} onRemove={onRemove} />
        ) : null}
      </header>
      <div className="min-h-0 flex-1 overflow-auto">
        <TileBody tile={tile} data={data} label={title} height={bodyHeight} />
      </div>
      {computed ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{computed}</p> : null}
    </section>
  );
}

export function DashboardGrid({
  tiles,
  data,
  editable,
  busy,
  onArrange,
  onRemove,
}: {
  tiles: readonly DashboardTile[];
  data: ReadonlyMap<string, TileData>;
  editable: boolean;
  busy: boolean;
  onArrange: (tileId: string, action: ArrangeAction) => void;
  onRemove: (tileId: string) => void;
}) {
  return (
    <div data-testid="dashboard-grid" className="grid grid-cols-1 gap-4 md:auto-rows-[72px] md:grid-cols-12">
      {tiles.map((tile) => (
        <TileCard
          key={tile.id}
          tile={tile}
          data={data.get(tile.id)}
          editable={editable}
          busy={busy}
          onArrange={(action) => onArrange(tile.id, action)}
          onRemove={() => onRemove(tile.id)}
        />
      ))}
    </div>
  );
}
