import type { StoreDb } from '../../store/connect.ts';
import { isUnresolved } from './issue-order.ts';
import { findIssueOfCheck, updateIssue } from './issues.repo.ts';

/** A muted check's finding is expected: its unresolved issue is dismissed with the same reason. */
export async function dismissCheckIssue(
  db: StoreDb,
  input: { checkId: string; reason: string; userId: string | null },
): Promise<void> {
  const issue = await findIssueOfCheck(db, input.checkId);
  if (!issue || !isUnresolved(issue)) return;
  await updateIssue(db, issue.id, {
    status: 'dismissed',
    dismissedReason: input.reason,
    dismissedBy: input.userId,
  });
}
