import {
  ArrowDown,
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  ChevronsDownUp,
  ChevronsLeftRight,
  ChevronsRightLeft,
  ChevronsUpDown,
  type LucideIcon,
  Trash2,
} from 'lucide-react';
import type { ArrangeAction } from './tile-layout.ts';

const buttons: { action: ArrangeAction; label: string; icon: LucideIcon }[] = [
  { action: 'up', label: 'Move up', icon: ArrowUp },
  { action: 'down', label: 'Move down', icon: ArrowDown },
  { action: 'left', label: 'Move left', icon: ArrowLeft },
  { action: 'right', label: 'Move right', icon: ArrowRight },
  { action: 'narrower', label: 'Narrower', icon: ChevronsRightLeft },
  { action: 'wider', label: 'Wider', icon: ChevronsLeftRight },
  { action: 'shorter', label: 'Shorter', icon: ChevronsDownUp },
  { action: 'taller', label: 'Taller', icon: ChevronsUpDown },
];

const iconButtonClass =
  'rounded p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-40 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/** Arranging a tile by keyboard or pointer: each button moves or resizes it by one cell. */
export function TileArrangeButtons({
  title,
  disabled,
  onArrange,
  onRemove,
}: {
  title: string;
  disabled: boolean;
  onArrange: (action: ArrangeAction) => void;
  onRemove: () => void;
}) {
  return (
    <div role="toolbar" aria-label={`Arrange ${title}`} className="flex flex-wrap items-center gap-0.5">
      {buttons.map(({ action, label, icon: Icon }) => (
        <button
          key={action}
          type="button"
          className={iconButtonClass}
          disabled={disabled}
          aria-label={`${label}: ${title}`}
          title={label}
          onClick={() => onArrange(action)}
        >
          <Icon size={14} aria-hidden="true" />
        </button>
      ))}
      <button
        type="button"
        className={iconButtonClass}
        disabled={disabled}
        aria-label={`Remove ${title}`}
        title="Remove from the dashboard"
        onClick={onRemove}
      >
        <Trash2 size={14} aria-hidden="true" />
      </button>
    </div>
  );
}
