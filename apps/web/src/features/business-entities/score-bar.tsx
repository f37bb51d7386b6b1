import { type ScoreColor, scoreColor } from './entity-rules.ts';

const barClasses: Record<ScoreColor, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
};

export function ScoreBar({ label, value }: { label: string; value: number }) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  const color = scoreColor(percent);
  return (
    <div>
      <div className="flex justify-between text-xs">
        <span>{label}</span>
        <span>{percent}%</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-color={color}
        className="mt-1 h-1.5 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
      >
        <div className={`h-full ${barClasses[color]}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
