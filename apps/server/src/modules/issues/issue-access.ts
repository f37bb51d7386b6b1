import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { Action } from '../access/access-words.ts';
import { authorize } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { followingSubject } from '../access/subject.ts';
import { findDatabase } from '../databases/database-access.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { IssueRecord } from './issue-record.ts';
import { findIssueById } from './issues.repo.ts';

export function issueNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Issue not found');
}

/**
 * An issue follows its database: invisible (404) to whoever may not read the database; what may
 * be done with it is the policy's `issue` rules (`write` is `edit`).
 */
export async function requireIssue(
  db: StoreDb,
  user: Actor,
  id: string,
  needed: Action | 'write',
): Promise<{ issue: IssueRecord; database: DatabaseRecord }> {
  const issue = await findIssueById(db, id);
  const database = issue ? await findDatabase(db, issue.databaseId) : null;
  if (!issue || !database) throw issueNotFound();
  authorize(
    user,
    needed === 'write' ? 'edit' : needed,
    followingSubject('issue', databaseSubject(database)),
    {
      notFound: issueNotFound,
      forbidden: () =>
        new AppError('FORBIDDEN', 'This database is shared read-only: its issues cannot be changed here'),
    },
  );
  return { issue, database };
}
