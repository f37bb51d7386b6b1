import { issueSeveritySchema } from '@querent/contracts';
import { z } from 'zod';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(3)
    .max(300)
    .describe('The problem, short: "Refunds recorded as negative orders".'),
  description: z
    .string()
    .trim()
    .max(5000)
    .describe('What you found, with the figures and the query that shows it.'),
  severity: issueSeveritySchema,
  entity: z.string().min(1).max(300).optional().describe('The business entity it concerns (name or id).'),
});

export const openIssueTool: AgentTool<typeof inputSchema> = {
  name: 'open_issue',
  description:
    'Record a data-quality problem you found that no check covers (a check’s own findings open issues by themselves). It shows on the issues page; a passing check never closes it.',
  inputSchema,
  async execute(input, context) {
    return { output: await context.quality.openIssue({ ...input, entity: input.entity }) };
  },
};
