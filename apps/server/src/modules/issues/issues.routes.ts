import type { issueRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { IssueChecks } from './issue-checks.ts';
import { listIssues } from './list-issues.ts';
import { updateIssue } from './update-issue.ts';

export function issueHandlers(deps: { db: StoreDb; checks: IssueChecks }): RouteHandlers<typeof issueRoutes> {
  return {
    'GET /api/issues': ({ user, query }) => listIssues(deps, { user, contextId: query.contextId }),
    'PUT /api/issues/:id': ({ user, params, body }) => updateIssue(deps, { user, issueId: params.id, body }),
  };
}
