import { z } from 'zod';
import type { AgentTool } from './agent-tool.ts';
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

export const muteCheckTool: AgentTool<typeof inputSchema> = {
  name: 'mute_check',
  description:
    'When the user says a finding is expected ("that is expected", "this is normal"), mute the check behind it with their reason: it stops running and counting, its issue is dismissed, and who muted it and why are recorded. It stays muted until the check is changed or unmuted.',
  inputSchema,
  async execute(input, context) {
    const reported = input.check_id || input.issue ? [] : lastReportedIssueIds(await context.readHistory());
    return {
      output: await context.quality.muteCheck({
        reason: input.reason,
        checkId: input.check_id,
        issue: input.issue,
        reported,
      }),
    };
  },
};
