import type { FailingRowsSample, IssueOrigin, IssueSeverity, IssueStatus } from '@querent/contracts';

/** A data-quality issue as the server handles it. */
export interface IssueRecord {
  id: string;
  databaseId: string;
  businessEntityId: string | null;
  title: string;
  description: string | null;
  severity: IssueSeverity;
  status: IssueStatus;
  queryId: string | null;
  /** The check that opened it or that it is about; null for issues of no check. */
  checkId: string | null;
  origin: IssueOrigin;
  /** How many runs found it. */
  occurrences: number;
  lastSeenAt: string | null;
  /** What the latest run observed, in words. */
  observed: string | null;
  evidence: FailingRowsSample | null;
  dismissedReason: string | null;
  dismissedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export type IssueChanges = Partial<
  Pick<
    IssueRecord,
    | 'title'
    | 'description'
    | 'severity'
    | 'status'
    | 'businessEntityId'
    | 'occurrences'
    | 'lastSeenAt'
    | 'observed'
    | 'evidence'
    | 'dismissedReason'
    | 'dismissedBy'
  >
>;

export type NewIssue = { createdAt?: string } & Pick<
  IssueRecord,
  | 'databaseId'
  | 'businessEntityId'
  | 'title'
  | 'description'
  | 'severity'
  | 'status'
  | 'checkId'
  | 'origin'
  | 'lastSeenAt'
  | 'observed'
  | 'evidence'
>;
