import { issueSeverities, unresolvedIssueStatuses } from '@querent/contracts';
import type { IssueRecord } from './issue-record.ts';

/** Code-unit order: ISO timestamps and ids compare as they were written. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isUnresolved(issue: Pick<IssueRecord, 'status'>): boolean {
  return unresolvedIssueStatuses.includes(issue.status);
}

/** Unresolved issues first, then the most severe, then the newest; id breaks ties. */
export function compareIssues(
  a: Pick<IssueRecord, 'id' | 'status' | 'severity' | 'createdAt'>,
  b: Pick<IssueRecord, 'id' | 'status' | 'severity' | 'createdAt'>,
): number {
  return (
    Number(isUnresolved(b)) - Number(isUnresolved(a)) ||
    issueSeverities.indexOf(b.severity) - issueSeverities.indexOf(a.severity) ||
    compareText(b.createdAt, a.createdAt) ||
    compareText(a.id, b.id)
  );
}
