import type { Issue } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { resolveContext } from '../context/resolve-context.ts';
import type { User } from '../users/user.ts';
import { compareIssues } from './issue-order.ts';
import { listIssuesOfDatabase } from './issues.repo.ts';
import { presentIssue } from './present-issue.ts';

/**
 * GET /api/issues?contextId=: the issues of the context's database (a project's are its
 * database's), unresolved first, then the most severe, then the newest.
 */
export async function listIssues(
  deps: { db: StoreDb },
  input: { user: User; contextId: string },
): Promise<Issue[]> {
  const { database } = await resolveContext(deps.db, input.user, input.contextId);
  const issues = await listIssuesOfDatabase(deps.db, database.id);
  return issues.sort(compareIssues).map((issue) => presentIssue(issue, database, input.user));
}
