import type { CheckRunStatus } from '@querent/contracts';

/**
 * A check's verdict from its percentage: past the fail threshold it fails, past the warn threshold
 * it warns, otherwise it passes. "Past" is strictly above, so thresholds of 0 tolerate nothing.
 */
export function judge(percent: number, warnPercent: number, failPercent: number): CheckRunStatus {
  if (percent > failPercent) return 'fail';
  if (percent > warnPercent) return 'warn';
  return 'pass';
}

/** A share in percent; 0 of nothing is 0. */
export function share(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percents = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const formatCount = (value: number): string => counts.format(value);
export const formatPercent = (value: number): string => `${percents.format(value)}%`;

/** A cell of an aggregate as a number: drivers give some (MySQL's SUM, big counts) as text. */
export function cellNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return 0;
}

/**
 * A timestamp cell as milliseconds: ISO text, `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD` (SQLite's
 * text dates, read as UTC), or epoch milliseconds. Null when it is none of these.
 */
export function timestampOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const plain = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?$/.exec(text);
  const parsed = plain ? Date.parse(`${plain[1] ?? ''}T${plain[2] ?? '00:00:00'}Z`) : Date.parse(text);
  return Number.isNaN(parsed) ? null : parsed;
}
