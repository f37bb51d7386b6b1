import type { CheckRunStatus, FailingRowsSample, IssueSeverity } from '@querent/contracts';
import { issueSeverities } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { IssueRecord } from './issue-record.ts';
import { insertIssue, listIssuesOfChecks, updateIssue } from './issues.repo.ts';

/** What a run did to its check's issue. */
export type IssueChange = 'opened' | 'updated' | 'reopened' | 'resolved' | 'unchanged';

/** One check's latest run, as its issue needs to know it. */
export interface CheckFinding {
  checkId: string;
  databaseId: string;
  entityId: string;
  /** How severe the check is; a warning's issue is one level below. */
  checkSeverity: IssueSeverity;
  /** What the check found, as the issue's title: "Missing email in customers". */
  problem: string;
  /** The check in words with its thresholds, for the issue's description. */
  checkText: string;
  status: CheckRunStatus;
  /** The share the check judged, to rank findings of one run. */
  failingPercent: number | null;
  observed: string;
  evidence: FailingRowsSample | null;
  ranAt: string;
}

/** A warning is one level less severe than the check; a failure as severe as the check. */
export function severityOfRun(checkSeverity: IssueSeverity, status: 'warn' | 'fail'): IssueSeverity {
  if (status === 'fail') return checkSeverity;
  return issueSeverities[Math.max(0, issueSeverities.indexOf(checkSeverity) - 1)] ?? 'low';
}

function moreSevere(a: IssueSeverity, b: IssueSeverity): IssueSeverity {
  return issueSeverities.indexOf(a) >= issueSeverities.indexOf(b) ? a : b;
}

const describe = (finding: CheckFinding) => `${finding.observed}. Check: ${finding.checkText}.`;

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
  finding: CheckFinding,
  existing: IssueRecord | null,
  /** When a new issue counts as found; now unless the caller orders a batch. */
  foundAt?: string,
): Promise<IssueChange> {
  if (finding.status === 'pass') {
    if (!existing || existing.origin !== 'check') return 'unchanged';
    if (existing.status !== 'open' && existing.status !== 'in_progress') return 'unchanged';
    await updateIssue(db, existing.id, { status: 'resolved' });
    return 'resolved';
  }
  if (finding.status !== 'warn' && finding.status !== 'fail') return 'unchanged';

  const severity = severityOfRun(finding.checkSeverity, finding.status);
  if (!existing) {
    await insertIssue(db, {
      databaseId: finding.databaseId,
      businessEntityId: finding.entityId,
      title: finding.problem,
      description: describe(finding),
      severity,
      status: 'open',
      checkId: finding.checkId,
      origin: 'check',
      lastSeenAt: finding.ranAt,
      observed: finding.observed,
      evidence: finding.evidence,
      ...(foundAt === undefined ? {} : { createdAt: foundAt }),
    });
    return 'opened';
  }
  const closed = existing.status === 'resolved' || existing.status === 'dismissed';
  await updateIssue(db, existing.id, {
    occurrences: existing.occurrences + 1,
    lastSeenAt: finding.ranAt,
    observed: finding.observed,
    evidence: finding.evidence,
    description: existing.origin === 'check' ? describe(finding) : existing.description,
    severity: moreSevere(existing.severity, severity),
    ...(closed ? { status: 'open' as const, dismissedReason: null, dismissedBy: null } : {}),
  });
  return closed ? 'reopened' : 'updated';
}

/**
 * Every finding of a run of checks, their issues read at once and written in one transaction: a
 * commit per issue would cost more than the checks themselves on a large database. Issues a run
 * opens are dated a millisecond apart, the largest finding last, so among equally severe ones the
 * newest-first order shows the largest first, the same on every run.
 */
export async function syncCheckIssues(
  db: StoreDb,
  findings: readonly CheckFinding[],
): Promise<Record<IssueChange, number>> {
  const counts: Record<IssueChange, number> = {
    opened: 0,
    updated: 0,
    reopened: 0,
    resolved: 0,
    unchanged: 0,
  };
  const known = await listIssuesOfChecks(
    db,
    findings.map((finding) => finding.checkId),
  );
  const ranked = [...findings].sort(
    (a, b) => (a.failingPercent ?? 0) - (b.failingPercent ?? 0) || (a.checkId < b.checkId ? -1 : 1),
  );
  const base = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const [index, finding] of ranked.entries()) {
      const foundAt = new Date(base + index).toISOString();
      counts[await syncCheckIssue(trx, finding, known.get(finding.checkId) ?? null, foundAt)] += 1;
    }
  });
  return counts;
}
