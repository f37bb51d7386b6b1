import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { requireDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { User } from '../users/user.ts';
import type { IssueRecord } from './issue-record.ts';
import { findIssueById } from './issues.repo.ts';

export function issueNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Issue not found');
}

/**
 * An issue follows its database's rules (requireDatabase): invisible (404) to whoever may not
 * read the database, read-only (403 on a change) to those who may only use it, as a public
 * database's visitors.
 */
export async function requireIssue(
  db: StoreDb,
  user: Pick<User, 'id' | 'role' | 'organizationId'>,
  id: string,
  needed: 'read' | 'write',
): Promise<{ issue: IssueRecord; database: DatabaseRecord }> {
  const issue = await findIssueById(db, id);
  if (!issue) throw issueNotFound();
  const database = await requireDatabase(db, user, issue.databaseId, needed).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw issueNotFound();
    throw error;
  });
  return { issue, database };
}
