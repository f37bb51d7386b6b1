import type { IssueSeverity, IssueStatus } from '@querent/contracts';
import { AppError } from '../../../errors.ts';
import { findEntity } from '../../business-entities/entity-operations.ts';
import type { IssueRecord } from '../../issues/issue-record.ts';
import { listUnresolvedIssues } from '../../issues/list-unresolved-issues.ts';
import { openIssue } from '../../issues/open-issue.ts';
import { updateIssue } from '../../issues/update-issue.ts';
import { findUser } from '../../users/find-user.ts';
import { followIssueDecisions } from '../checks/follow-issue-decisions.ts';
import { findCheckById } from '../checks/checks.repo.ts';
import { muteCheck } from '../checks/mute-check.ts';
import type { QualityDeps } from '../quality-deps.ts';
import { rescoreEntity } from '../scores/rescore-entity.ts';
import type { AnalystTurn } from './analyst-turn.ts';
import { entityNamed, requireChanges } from './analyst-turn.ts';

/** A problem the analyst found that no check covers. */
export async function openIssueForAnalyst(
  deps: QualityDeps,
  turn: AnalystTurn,
  input: { title: string; description: string; severity: IssueSeverity; entity: string | undefined },
): Promise<Record<string, unknown>> {
  requireChanges(turn);
  const entity = input.entity ? await entityNamed(deps, turn, input.entity) : null;
  const issue = await openIssue(deps.db, {
    databaseId: turn.database.id,
    businessEntityId: entity?.id ?? null,
    title: input.title,
    description: input.description,
    severity: input.severity,
    origin: 'agent',
    lastSeenAt: new Date().toISOString(),
    observed: null,
    evidence: null,
  });
  return { issueId: issue.id, title: issue.title, status: issue.status };
}

/** An issue changed as the user asked, under the same rules as the issues page. */
export async function triageIssueForAnalyst(
  deps: QualityDeps,
  turn: AnalystTurn,
  input: {
    issueId: string;
    status: IssueStatus | undefined;
    severity: IssueSeverity | undefined;
    reason: string | undefined;
  },
): Promise<Record<string, unknown>> {
  requireChanges(turn);
  const user = await findUser(deps.db, turn.asker.id);
  if (!user) throw new AppError('NOT_FOUND', 'The user of this conversation no longer exists');
  const issue = await updateIssue(
    { db: deps.db, checks: followIssueDecisions(deps) },
    {
      user,
      issueId: input.issueId,
      body: {
        ...(input.status === undefined ? {} : { status: input.status }),
        ...(input.severity === undefined ? {} : { severity: input.severity }),
        ...(input.reason === undefined ? {} : { dismissed_reason: input.reason }),
      },
    },
  );
  return { issueId: issue.id, title: issue.title, status: issue.status, severity: issue.severity };
}

/** The open check issue the user means: named by id or title, else the one last reported. */
async function issueMeant(
  deps: QualityDeps,
  turn: AnalystTurn,
  hint: string | undefined,
  reported: readonly string[],
): Promise<IssueRecord> {
  const open = (await listUnresolvedIssues(deps.db, turn.database.id)).filter(
    (issue) => issue.checkId !== null,
  );
  const words = hint?.trim().toLowerCase();
  const candidates =
    words === undefined
      ? open.filter((issue) => reported.includes(issue.id))
      : open.filter((issue) => issue.id === hint || issue.title.toLowerCase().includes(words));
  const [only] = candidates;
  if (only && candidates.length === 1) return only;
  if (candidates.length === 0) {
    throw new AppError('NOT_FOUND', 'No open issue found by a check matches; name it by its title.');
  }
  throw new AppError(
    'BAD_REQUEST',
    `Which one? ${candidates.map((issue) => `"${issue.title}"`).join(', ')}. Say "<title> is expected".`,
  );
}

/** The check behind a finding the user says is expected, muted with their reason; the entity scored again. */
export async function muteCheckForAnalyst(
  deps: QualityDeps,
  turn: AnalystTurn,
  input: {
    reason: string;
    checkId: string | undefined;
    issue: string | undefined;
    reported: readonly string[];
  },
): Promise<Record<string, unknown>> {
  requireChanges(turn);
  let checkId = input.checkId;
  let issueTitle: string | null = null;
  if (checkId === undefined) {
    const issue = await issueMeant(deps, turn, input.issue, input.reported);
    checkId = issue.checkId ?? undefined;
    issueTitle = issue.title;
  }
  const check = checkId === undefined ? null : await findCheckById(deps.db, checkId);
  if (!check || check.databaseId !== turn.database.id) throw new AppError('NOT_FOUND', 'Check not found');
  const muted = await muteCheck(deps.db, { check, reason: input.reason, userId: turn.asker.id });
  const entity = await findEntity(deps.db, check.entityId);
  const score = entity ? await rescoreEntity(deps, { database: turn.database, entity }) : null;
  return {
    muted: true,
    checkId: muted.id,
    check: muted.title,
    ...(issueTitle ? { dismissedIssue: issueTitle } : {}),
    reason: input.reason,
    entity: entity?.name ?? null,
    qualityScore: score?.quality.score ?? null,
  };
}
