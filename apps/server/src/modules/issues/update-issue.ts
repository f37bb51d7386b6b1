import type { Issue, UpdateIssueBody } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { hasBusinessEntity } from '../business-entities/has-business-entity.ts';
import type { User } from '../users/user.ts';
import { issueNotFound, requireIssue } from './issue-access.ts';
import { updateIssue as updateIssueRow } from './issues.repo.ts';
import { presentIssue } from './present-issue.ts';

/**
 * PUT /api/issues/{id}: the whole issue comes back from the client; its title, description,
 * severity, status and business entity change, while its id, database and query stay.
 */
export async function updateIssue(
  deps: { db: StoreDb },
  input: { user: User; issueId: string; body: UpdateIssueBody },
): Promise<Issue> {
  const { body } = input;
  if (body.id !== undefined && body.id !== input.issueId) {
    throw new AppError('BAD_REQUEST', 'Invalid id: the issue in the body is not the one in the path', {
      field: 'id',
    });
  }
  const { issue } = await requireIssue(deps.db, input.user, input.issueId, 'write');
  const entityId = body.business_entity_id;
  if (typeof entityId === 'string' && entityId !== issue.businessEntityId) {
    if (!(await hasBusinessEntity(deps.db, issue.databaseId, entityId))) {
      throw new AppError(
        'BAD_REQUEST',
        'Invalid business_entity_id: no business entity with this id in the issue’s database',
        { field: 'business_entity_id' },
      );
    }
  }
  const updated = await updateIssueRow(deps.db, issue.id, {
    ...(body.title === undefined ? {} : { title: body.title }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.severity === undefined ? {} : { severity: body.severity }),
    ...(body.status === undefined ? {} : { status: body.status }),
    ...(entityId === undefined ? {} : { businessEntityId: entityId }),
  });
  if (!updated) throw issueNotFound();
  return presentIssue(updated, 'write');
}
