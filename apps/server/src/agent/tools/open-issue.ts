import { issueSeveritySchema } from '@querent/contracts';
import { z } from 'zod';
import { insertIssue } from '../../modules/issues/issues.repo.ts';
import type { AgentTool } from './agent-tool.ts';
import { entityNamed, requireChanges } from './quality-tool-support.ts';

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
    requireChanges(context);
    const entity = input.entity ? await entityNamed(context, input.entity) : null;
    const issue = await insertIssue(context.db, {
      databaseId: context.database.id,
      businessEntityId: entity?.id ?? null,
      title: input.title,
      description: input.description,
      severity: input.severity,
      status: 'open',
      checkId: null,
      origin: 'agent',
      lastSeenAt: new Date().toISOString(),
      observed: null,
      evidence: null,
    });
    return { output: { issueId: issue.id, title: issue.title, status: issue.status } };
  },
};
