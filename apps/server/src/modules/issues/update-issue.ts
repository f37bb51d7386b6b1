import type { Issue, UpdateIssueBody } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import { findEntityById } from '../business-entities/business-entities.repo.ts';
import { findCheckById, updateCheck } from '../quality/checks/checks.repo.ts';
import { muteCheck } from '../quality/checks/mute-check.ts';
import type { QualityDeps } from '../quality/quality-deps.ts';
import { rescoreEntity } from '../quality/scores/rescore-entity.ts';
import type { DatabaseRecord } from '../databases/databases.repo.ts';
import type { User } from '../users/users.repo.ts';
import { issueNotFound, requireIssue } from './issue-access.ts';
import type { IssueChanges, IssueRecord } from './issues.repo.ts';
import { updateIssue as updateIssueRow } from './issues.repo.ts';
import { presentIssue } from './present-issue.ts';

/**
 * A dismissed check issue says its finding is expected: the check is muted with the same reason
 * (until it is changed or unmuted). Taking the issue back up unmutes it. Either way the entity is
 * scored again, since a muted check no longer counts.
 */
async function followCheck(
  deps: QualityDeps,
  input: { before: IssueRecord; after: IssueRecord; user: User; database: DatabaseRecord },
): Promise<void> {
  const { before, after } = input;
  if (after.checkId === null || before.status === after.status) return;
  const check = await findCheckById(deps.db, after.checkId);
  if (!check) return;
  if (after.status === 'dismissed' && check.state !== 'muted') {
    await muteCheck(deps.db, { check, reason: after.dismissedReason ?? '', userId: input.user.id });
  } else if (before.status === 'dismissed' && after.status !== 'dismissed' && check.state === 'muted') {
    await updateCheck(deps.db, check, { state: 'active', mutedReason: null, mutedBy: null, mutedAt: null });
  } else {
    return;
  }
  const entity = await findEntityById(deps.db, check.entityId);
  if (entity) await rescoreEntity(deps, { database: input.database, entity });
}

/**
 * PUT /api/issues/{id}: the whole issue comes back from the client; its title, description,
 * severity, status, business entity and dismissal reason change, while its id, database, query and
 * what its check recorded stay. Dismissing needs a reason.
 */
export async function updateIssue(
  deps: QualityDeps,
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
    const entity = await findEntityById(deps.db, entityId);
    if (!entity || entity.databaseId !== issue.databaseId) {
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
  await followCheck(deps, { before: issue, after: updated, user: input.user, database });
  return presentIssue(updated, 'write');
}
