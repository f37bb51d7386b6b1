import type { Issue, UpdateIssueBody } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { hasBusinessEntity } from '../business-entities/has-business-entity.ts';
import type { User } from '../users/user.ts';
import { issueNotFound, requireIssue } from './issue-access.ts';
import type { IssueChecks } from './issue-checks.ts';
import type { IssueChanges, IssueRecord } from './issue-record.ts';
import { updateIssue as updateIssueRow } from './issues.repo.ts';
import { presentIssue } from './present-issue.ts';

/**
 * A dismissed check issue says its finding is expected: the check is muted with the same reason
 * (until it is changed or unmuted); taking the issue back up unmutes it.
 */
async function followCheck(
  checks: IssueChecks,
  input: { before: IssueRecord; after: IssueRecord; user: User },
): Promise<void> {
  const { before, after } = input;
  if (after.checkId === null || before.status === after.status) return;
  if (after.status === 'dismissed') {
    await checks.dismissed({
      checkId: after.checkId,
      databaseId: after.databaseId,
      reason: after.dismissedReason ?? '',
      userId: input.user.id,
    });
  } else if (before.status === 'dismissed') {
    await checks.takenBack({ checkId: after.checkId, databaseId: after.databaseId });
  }
}

/**
 * PUT /api/issues/{id}: the whole issue comes back from the client; its title, description,
 * severity, status, business entity and dismissal reason change, while its id, database, query and
 * what its check recorded stay. Dismissing needs a reason.
 */
export async function updateIssue(
  deps: { db: StoreDb; checks: IssueChecks },
  input: { user: User; issueId: string; body: UpdateIssueBody },
): Promise<Issue> {
  const { body } = input;
  if (body.id !== undefined && body.id !== input.issueId) {
    throw new AppError('BAD_REQUEST', 'Invalid id: the issue in the body is not the one in the path', {
      field: 'id',
    });
  }
  const { issue, database } = await requireIssue(deps.db, input.user, input.issueId, 'write');
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
  const status = body.status ?? issue.status;
  const reason = body.dismissed_reason === undefined ? issue.dismissedReason : body.dismissed_reason;
  const dismissing = status === 'dismissed' && issue.status !== 'dismissed';
  if (dismissing && (reason ?? '').trim() === '') {
    throw new AppError('BAD_REQUEST', 'Dismissing an issue needs a reason', { field: 'dismissed_reason' });
  }
  const dismissal: IssueChanges =
    status === 'dismissed'
      ? {
          dismissedReason: reason,
          ...(dismissing ? { dismissedBy: input.user.id } : {}),
        }
      : issue.status === 'dismissed'
        ? { dismissedReason: null, dismissedBy: null }
        : {};
  const updated = await updateIssueRow(deps.db, issue.id, {
    ...(body.title === undefined ? {} : { title: body.title }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.severity === undefined ? {} : { severity: body.severity }),
    ...(body.status === undefined ? {} : { status: body.status }),
    ...(entityId === undefined ? {} : { businessEntityId: entityId }),
    ...dismissal,
  });
  if (!updated) throw issueNotFound();
  await followCheck(deps.checks, { before: issue, after: updated, user: input.user });
  return presentIssue(updated, database, input.user);
}
