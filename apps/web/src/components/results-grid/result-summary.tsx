import { formatNumber } from '@querent/contracts';
import { readerLocale } from '../../lib/reader-locale.ts';

const grouped = (value: number) => formatNumber(value, 'measure', readerLocale()) ?? String(value);

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** "1,234 rows", or "showing first 10,000 of 52,113 rows" when the result was cut, in the reader's locale. */
export function describeRowCount(
  shown: number,
  count: number | null | undefined,
  truncated: boolean,
): string {
  const rows = (value: number) => `${grouped(value)} ${value === 1 ? 'row' : 'rows'}`;
  if (!truncated) return rows(count ?? shown);
  if (count !== null && count !== undefined && count > shown) {
    return `showing first ${grouped(shown)} of ${rows(count)}`;
  }
  return `showing first ${rows(shown)} (more not fetched)`;
}

/** The line under a result: how many rows, whether they were cut, and how long the run took. */
export function ResultSummary({
  shown,
  count,
  truncated,
  durationMs,
}: {
  shown: number;
  count: number | null | undefined;
  truncated: boolean;
  durationMs?: number | null | undefined;
}) {
  return (
    <p
      data-testid="result-summary"
      className="flex flex-wrap items-center gap-x-3 text-xs text-zinc-600 dark:text-zinc-400"
    >
      <span className={truncated ? 'font-medium text-amber-700 dark:text-amber-400' : undefined}>
        {describeRowCount(shown, count, truncated)}
      </span>
      {durationMs !== null && durationMs !== undefined ? <span>{formatDuration(durationMs)}</span> : null}
    </p>
  );
}
