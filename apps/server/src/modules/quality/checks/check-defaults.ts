import type { CheckKind, IssueSeverity } from '@querent/contracts';
import { AppError } from '../../../errors.ts';

/**
 * How a check is judged unless its author says otherwise. Row checks warn at the first failing
 * row and fail past 5%; a schema check fails at the first missing column; volume warns when the
 * count moves 50% from its usual value and fails past 90%; freshness warns as soon as the newest
 * row is older than expected and fails at twice that age.
 */
export const defaultJudgement: Readonly<
  Record<CheckKind, { severity: IssueSeverity; warnPercent: number; failPercent: number }>
> = {
  schema: { severity: 'high', warnPercent: 0, failPercent: 0 },
  volume: { severity: 'medium', warnPercent: 50, failPercent: 90 },
  completeness: { severity: 'medium', warnPercent: 0, failPercent: 5 },
  uniqueness: { severity: 'high', warnPercent: 0, failPercent: 5 },
  integrity: { severity: 'high', warnPercent: 0, failPercent: 5 },
  validity: { severity: 'medium', warnPercent: 0, failPercent: 5 },
  freshness: { severity: 'medium', warnPercent: 0, failPercent: 100 },
};

/** A check warns before it fails: its warn threshold is never above its fail threshold. */
export function checkThresholds(warnPercent: number, failPercent: number): void {
  if (warnPercent > failPercent) {
    throw new AppError('BAD_REQUEST', 'warn_percent must not be above fail_percent', {
      field: 'warn_percent',
    });
  }
}
