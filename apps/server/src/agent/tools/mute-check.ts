import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { findEntityById } from '../../modules/business-entities/business-entities.repo.ts';
import { isUnresolved } from '../../modules/issues/issue-order.ts';
import type { IssueRecord } from '../../modules/issues/issues.repo.ts';
import { listIssuesOfDatabase } from '../../modules/issues/issues.repo.ts';
import { findCheckById } from '../../modules/quality/checks/checks.repo.ts';
import { muteCheck } from '../../modules/quality/checks/mute-check.ts';
import { rescoreEntity } from '../../modules/quality/scores/rescore-entity.ts';
import type { AgentTool, ToolContext } from './agent-tool.ts';
import { requireChanges } from './quality-tool-support.ts';
import { lastReportedIssueIds } from './reported-issues.ts';

const inputSchema = z.object({
  reason: z.string().trim().min(3).max(2000).describe('Why the finding is expected, in the user’s words.'),
  check_id: z.string().min(1).optional(),
  issue: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .describe(
      'The issue (id or words of its title); the one last reported in this conversation when omitted.',
    ),
});

/** The open check issue the user means: named by id or title, else the last one reported here. */
async function issueMeant(context: ToolContext, hint: string | undefined): Promise<IssueRecord> {
  const open = (await listIssuesOfDatabase(context.db, context.database.id)).filter(
    (issue) => isUnresolved(issue) && issue.checkId !== null,
  );
  let candidates: IssueRecord[];
  if (hint !== undefined) {
    const words = hint.trim().toLowerCase();
    candidates = open.filter((issue) => issue.id === hint || issue.title.toLowerCase().includes(words));
  } else {
    const reported = new Set(await lastReportedIssueIds(context.db, context.conversationId));
    candidates = open.filter((issue) => reported.has(issue.id));
  }
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

export const muteCheckTool: AgentTool<typeof inputSchema> = {
  name: 'mute_check',
  description:
    'When the user says a finding is expected ("that is expected", "this is normal"), mute the check behind it with their reason: it stops running and counting, its issue is dismissed, and who muted it and why are recorded. It stays muted until the check is changed or unmuted.',
  inputSchema,
  async execute(input, context) {
    requireChanges(context);
    let checkId = input.check_id;
    let issueTitle: string | null = null;
    if (checkId === undefined) {
      const issue = await issueMeant(context, input.issue);
      checkId = issue.checkId ?? undefined;
      issueTitle = issue.title;
    }
    const check = checkId === undefined ? null : await findCheckById(context.db, checkId);
    if (!check || check.databaseId !== context.database.id)
      throw new AppError('NOT_FOUND', 'Check not found');
    const muted = await muteCheck(context.db, { check, reason: input.reason, userId: context.ownerId });
    const entity = await findEntityById(context.db, check.entityId);
    const score = entity
      ? await rescoreEntity(context.quality, { database: context.database, entity })
      : null;
    return {
      output: {
        muted: true,
        checkId: muted.id,
        check: muted.title,
        ...(issueTitle ? { dismissedIssue: issueTitle } : {}),
        reason: input.reason,
        entity: entity?.name ?? null,
        qualityScore: score?.quality.score ?? null,
      },
    };
  },
};
