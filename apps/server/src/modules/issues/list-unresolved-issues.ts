import type { StoreDb } from '../../store/connect.ts';
import { compareIssues, isUnresolved } from './issue-order.ts';
import type { IssueRecord } from './issue-record.ts';
import { listIssuesOfDatabase } from './issues.repo.ts';

/** A database's open and in-progress issues, most severe first, then newest. */
export async function listUnresolvedIssues(db: StoreDb, databaseId: string): Promise<IssueRecord[]> {
  return (await listIssuesOfDatabase(db, databaseId)).filter(isUnresolved).sort(compareIssues);
}
