import { issueSeveritySchema, issueStatusSchema } from '@querent/contracts';
import { z } from 'zod';
import { listIssues } from '../../issues/list-issues.ts';
import { defineTool } from '../mcp-tool.ts';
import { databaseIdInput } from './database-id.ts';

/** Issues one answer lists, the unresolved and most severe first as GET /api/issues orders them. */
const LISTED = 100;
const DESCRIPTION_CHARS = 500;

const outputSchema = z.object({
  issues: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      severity: issueSeveritySchema,
      status: issueStatusSchema,
      businessEntityId: z.string().nullable(),
      occurrences: z.number().int(),
      lastSeenAt: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  note: z.string().optional(),
});

/** GET /api/issues?contextId=database-{id}'s use case. */
export const listIssuesTool = defineTool({
  name: 'list_issues',
  scope: 'metadata:read',
  title: 'List data-quality issues',
  description:
    "A database's data-quality issues, unresolved and most severe first: what is known to be wrong with the data (failed checks, reported problems). Mention the open ones that touch the tables an answer uses.",
  inputSchema: z.object({
    databaseId: databaseIdInput,
    unresolvedOnly: z.boolean().optional().describe('Only open and in-progress issues (default true).'),
  }),
  outputSchema,
  async run(input, { deps, user }) {
    const all = await listIssues(deps, { user, contextId: `database-${input.databaseId}` });
    const wanted =
      input.unresolvedOnly === false
        ? all
        : all.filter((issue) => issue.status === 'open' || issue.status === 'in_progress');
    const shown = wanted.slice(0, LISTED);
    return {
      issues: shown.map((issue) => ({
        id: issue.id,
        title: issue.title,
        description:
          issue.description !== null && issue.description.length > DESCRIPTION_CHARS
            ? `${issue.description.slice(0, DESCRIPTION_CHARS)}…`
            : issue.description,
        severity: issue.severity,
        status: issue.status,
        businessEntityId: issue.business_entity_id,
        occurrences: issue.occurrences,
        lastSeenAt: issue.last_seen_at,
      })),
      total: wanted.length,
      ...(wanted.length > shown.length
        ? { note: `Showing the first ${shown.length} of ${wanted.length} issues, most severe first.` }
        : {}),
    };
  },
});
