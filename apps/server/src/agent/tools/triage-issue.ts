import { issueSeveritySchema, issueStatusSchema } from '@querent/contracts';
import { z } from 'zod';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  issue_id: z.string().min(1),
  status: issueStatusSchema.optional(),
  severity: issueSeveritySchema.optional(),
  reason: z
    .string()
    .trim()
    .min(3)
    .max(2000)
    .optional()
    .describe('Why; required to dismiss (dismissing a check’s issue mutes the check).'),
});

export const triageIssueTool: AgentTool<typeof inputSchema> = {
  name: 'triage_issue',
  description:
    'Change an issue’s status (open, in_progress, resolved, dismissed) or severity when the user asks. Dismissing needs the user’s reason and mutes the check that found it.',
  inputSchema,
  async execute(input, context) {
    return {
      output: await context.quality.triageIssue({
        issueId: input.issue_id,
        status: input.status,
        severity: input.severity,
        reason: input.reason,
      }),
    };
  },
};
