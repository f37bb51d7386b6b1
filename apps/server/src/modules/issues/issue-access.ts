import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { databaseAccess } from '../databases/database-access.ts';
import type { DatabaseAccess } from '../databases/database-access.ts';
import { findDatabaseById } from '../databases/databases.repo.ts';
import type { User } from '../users/users.repo.ts';
import type { IssueRecord } from './issues.repo.ts';
import { findIssueById } from './issues.repo.ts';

export function issueNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Issue not found');
}

/**
 * An issue follows its database: invisible (404) to whoever may not read the database, read-only
 * (403 on a change) to those who may only use it, as a public database's visitors.
 */
export async function requireIssue(
  db: StoreDb,
  user: Pick<User, 'id' | 'organizationId'>,
  id: string,
  needed: 'read' | 'write',
): Promise<{ issue: IssueRecord; access: DatabaseAccess }> {
  const issue = await findIssueById(db, id);
  const database = issue ? await findDatabaseById(db, issue.databaseId) : null;
  const access = database ? databaseAccess(user, database) : 'none';
  if (!issue || access === 'none') throw issueNotFound();
  if (needed === 'write' && access !== 'write') {
    throw new AppError(
      'FORBIDDEN',
      'This database is shared read-only: only its owner and their organization can change its issues',
    );
  }
  return { issue, access };
}
