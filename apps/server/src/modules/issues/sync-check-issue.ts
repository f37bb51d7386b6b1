import type { IssueSeverity } from '@querent/contracts';
import { issueSeverities } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { QualityCheckRecord } from '../quality/checks/check-record.ts';
import { describeProblem } from '../quality/checks/check-titles.ts';
import type { CheckRunRecord } from '../quality/runs/check-run-record.ts';
import type { IssueRecord } from './issues.repo.ts';
import { findIssueOfCheck, insertIssue, updateIssue } from './issues.repo.ts';

/** What a run did to its check's issue. */
export type IssueChange = 'opened' | 'updated' | 'reopened' | 'resolved' | 'unchanged';

/** A warning is one level less severe than the check; a failure as severe as the check. */
export function severityOfRun(
  check: Pick<QualityCheckRecord, 'severity'>,
  status: 'warn' | 'fail',
): IssueSeverity {
  if (status === 'fail') return check.severity;
  return issueSeverities[Math.max(0, issueSeverities.indexOf(check.severity) - 1)] ?? 'low';
}

function moreSevere(a: IssueSeverity, b: IssueSeverity): IssueSeverity {
  return issueSeverities.indexOf(a) >= issueSeverities.indexOf(b) ? a : b;
}

function describe(check: QualityCheckRecord, run: CheckRunRecord): string {
  return `${run.observed}. Check: ${check.title} (warns above ${check.warnPercent}%, fails above ${check.failPercent}%).`;
}

/**
 * Keeps a check's issue in step with its latest run. A warning or failure opens the issue, or
 * updates the one the check already has (seen again, observed value and evidence, severity raised
 * if it worsened, never lowered); a resolved or dismissed one is reopened rather than duplicated.
 * A pass resolves the issue only if the check opened it itself: issues a person or the analyst
 * opened stay as they are. Errors and skips change nothing: a check that could not run has
 * found nothing.
 */
export async function syncCheckIssue(
  db: StoreDb,
  check: QualityCheckRecord,
  run: CheckRunRecord,
  /** The check's issue when the caller already read it (null: it has none); read here otherwise. */
  known?: IssueRecord | null,
): Promise<{ change: IssueChange; issue: IssueRecord | null }> {
  const existing = known === undefined ? await findIssueOfCheck(db, check.id) : known;
  if (run.status === 'pass') {
    const own = existing?.origin === 'check';
    if (!existing || !own || (existing.status !== 'open' && existing.status !== 'in_progress')) {
      return { change: 'unchanged', issue: existing };
    }
    const resolved = await updateIssue(db, existing.id, { status: 'resolved' });
    return { change: 'resolved', issue: resolved };
  }
  if (run.status !== 'warn' && run.status !== 'fail') return { change: 'unchanged', issue: existing };

  const severity = severityOfRun(check, run.status);
  const evidence = run.sample;
  if (!existing) {
    const opened = await insertIssue(db, {
      databaseId: check.databaseId,
      businessEntityId: check.entityId,
      title: describeProblem(check.table, check.definition),
      description: describe(check, run),
      severity,
      status: 'open',
      checkId: check.id,
      origin: 'check',
      lastSeenAt: run.ranAt,
      observed: run.observed,
      evidence,
    });
    return { change: 'opened', issue: opened };
  }
  const closed = existing.status === 'resolved' || existing.status === 'dismissed';
  const updated = await updateIssue(db, existing.id, {
    occurrences: existing.occurrences + 1,
    lastSeenAt: run.ranAt,
    observed: run.observed,
    evidence,
    description: existing.origin === 'check' ? describe(check, run) : existing.description,
    severity: moreSevere(existing.severity, severity),
    ...(closed ? { status: 'open' as const, dismissedReason: null, dismissedBy: null } : {}),
  });
  return { change: closed ? 'reopened' : 'updated', issue: updated };
}
