import type { BusinessEntity, Issue, IssueSeverity, IssueStatus } from '../../api/types.ts';

/** Shown when loading the issues fails and the server gave no message. */
export const ISSUES_ERROR_DEFAULT = 'An error occurred while fetching issues';

// The contract's lists of words are values of a zod module and the web app imports its types only:
// these records must name every severity and status, so the lists below cannot miss one.

/** From least to most severe, as the contract orders them. */
export const severityLabels: Record<IssueSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const statusLabels: Record<IssueStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

export const severities = Object.keys(severityLabels) as IssueSeverity[];
export const statuses = Object.keys(statusLabels) as IssueStatus[];

/** Still to deal with: what the page shows by default. */
export function isUnresolved(issue: Pick<Issue, 'status'>): boolean {
  return issue.status === 'open' || issue.status === 'in_progress';
}

export type StatusFilter = 'unresolved' | 'all';

export const statusFilterLabels: Record<StatusFilter, string> = {
  unresolved: 'Open and in progress',
  all: 'All',
};

export function matchesStatusFilter(issue: Pick<Issue, 'status'>, filter: StatusFilter): boolean {
  return filter === 'all' || isUnresolved(issue);
}

/** Case-insensitive substring of the title or the description; blank matches everything. */
export function matchesSearch(issue: Pick<Issue, 'title' | 'description'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    issue.title.toLowerCase().includes(needle) || (issue.description ?? '').toLowerCase().includes(needle)
  );
}

/** The issues to show, in the server's order (unresolved, most severe, newest first). */
export function filterIssues(issues: readonly Issue[], filter: StatusFilter, search: string): Issue[] {
  return issues.filter((issue) => matchesStatusFilter(issue, filter) && matchesSearch(issue, search));
}

/** Entity names by id, to label the issues linked to one. */
export function entityNames(entities: readonly Pick<BusinessEntity, 'id' | 'name'>[]): Map<string, string> {
  return new Map(entities.map((entity) => [entity.id, entity.name]));
}

/** The issue with one field changed: the whole of it is what PUT /api/issues/{id} takes. */
export function withChange(issue: Issue, change: IssueChange): Issue {
  return { ...issue, ...change };
}

export type IssueChange = { status: IssueStatus } | { severity: IssueSeverity };
