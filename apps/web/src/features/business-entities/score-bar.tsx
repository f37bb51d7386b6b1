import { NOT_ASSESSED, type ScoreColor, scoreColor } from './entity-rules.ts';

const barClasses: Record<ScoreColor, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
};

/** A score as a labelled bar; a score nobody computed (null) reads "Not assessed", with no bar. */
export function ScoreBar({ label, value }: { label: string; value: number | null }) {
  const percent = value === null ? null : Math.round(Math.min(100, Math.max(0, value)));
  const color = percent === null ? null : scoreColor(percent);
  return (
    <div>
      <div className="flex justify-between text-xs">
        <span>{label}</span>
        <span className={percent === null ? 'text-zinc-500' : ''}>
          {percent === null ? NOT_ASSESSED : `${percent}%`}
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(percent === null ? { 'aria-valuetext': NOT_ASSESSED } : { 'aria-valuenow': percent })}
        data-color={color ?? 'none'}
        className="mt-1 h-1.5 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
      >
        {percent === null || color === null ? null : (
          <div className={`h-full ${barClasses[color]}`} style={{ width: `${percent}%` }} />
        )}
      </div>
    </div>
  );
}
