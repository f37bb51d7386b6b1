import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export type CardColor = 'blue' | 'green' | 'red';

export interface NotificationCardProps {
  /** Defaults to 'Uploading file... (15%)': the upload-progress card is this card's first user. */
  title?: string;
  text?: string | undefined;
  color?: CardColor;
  /** 0–100; -1 hides the bar. */
  progress?: number;
  role?: 'status' | 'alert';
  onDismiss?: (() => void) | undefined;
  actions?: ReactNode;
}

const colorClasses: Record<CardColor, { card: string; bar: string }> = {
  blue: {
    card: 'border-blue-300 bg-blue-50 text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-50',
    bar: 'bg-blue-500',
  },
  green: {
    card: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50',
    bar: 'bg-emerald-500',
  },
  red: {
    card: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50',
    bar: 'bg-red-500',
  },
};

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

export function NotificationCard({
  title = 'Uploading file... (15%)',
  text,
  color = 'blue',
  progress = -1,
  role = 'status',
  onDismiss,
  actions,
}: NotificationCardProps) {
  const classes = colorClasses[color];
  return (
    <div
      role={role}
      data-testid="notification"
      data-color={color}
      className={`pointer-events-auto rounded-lg border p-3 shadow-md ${classes.card}`}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{title}</p>
          {text ? <p className="mt-1 text-sm break-words opacity-90">{text}</p> : null}
        </div>
        {onDismiss ? (
          <button
            type="button"
            aria-label="Dismiss"
            className="rounded p-0.5 opacity-70 hover:opacity-100"
            onClick={onDismiss}
          >
            <X size={16} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {progress === -1 ? null : (
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={clampPercent(progress)}
          className="mt-2 h-1.5 overflow-hidden rounded bg-black/10 dark:bg-white/15"
        >
          <div className={`h-full ${classes.bar}`} style={{ width: `${clampPercent(progress)}%` }} />
        </div>
      )}
      {actions ? <div className="mt-2 flex gap-2">{actions}</div> : null}
    </div>
  );
}
