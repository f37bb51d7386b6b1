import type { StoreDb } from '../../store/connect.ts';
import type { IssueRecord, NewIssue } from './issue-record.ts';
import { insertIssue } from './issues.repo.ts';

/** Records a problem found outside any check (the analyst's): open, seen once, and never closed by a check. */
export function openIssue(db: StoreDb, issue: Omit<NewIssue, 'status' | 'checkId'>): Promise<IssueRecord> {
  return insertIssue(db, { ...issue, status: 'open', checkId: null });
}
