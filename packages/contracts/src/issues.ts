import { abilitiesSchema } from './abilities.ts';
import { z } from 'zod';
import { issueOrigins } from './quality-words.ts';

/** From least to most severe. */
export const issueSeverities = ['low', 'medium', 'high', 'critical'] as const;
export const issueSeveritySchema = z.enum(issueSeverities);
export type IssueSeverity = z.infer<typeof issueSeveritySchema>;

export const issueStatuses = ['open', 'in_progress', 'resolved', 'dismissed'] as const;
export const issueStatusSchema = z.enum(issueStatuses);
export type IssueStatus = z.infer<typeof issueStatusSchema>;

/** Statuses of an issue still to deal with: a business entity card lists only these. */
export const unresolvedIssueStatuses: readonly IssueStatus[] = ['open', 'in_progress'];

export const issueOriginSchema = z.enum(issueOrigins);

/** Failing rows shown as evidence: a few keys of them, as the sample statement answered. */
export const failingRowsSampleSchema = z.object({
  /** The statement that lists every failing row; open it in the editor to see them all. */
  sql: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
});
export type FailingRowsSample = z.infer<typeof failingRowsSampleSchema>;

/**
 * A data-quality issue found in a database.
 * `business_entity_id` is the entity it concerns, `query_id` the query that shows it; `editable`
 * says whether the asking user may change it (PUT /api/issues/{id}). An issue a check opened
 * (`origin: check`) names it (`check_id`) and carries the latest evidence: how often and when the
 * check found it, what it observed, the SQL that lists the failing rows and a few of them.
 */
export const issueSchema = z.object({
  id: z.string(),
  databaseId: z.string(),
  business_entity_id: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  severity: issueSeveritySchema,
  status: issueStatusSchema,
  query_id: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  editable: z.boolean(),
  /** What the asking user may do with it: edit (as `editable`); never delete or share (it follows its database). */
  abilities: abilitiesSchema,
  check_id: z.string().nullable(),
  origin: issueOriginSchema,
  occurrences: z.number().int(),
  last_seen_at: z.string().nullable(),
  observed: z.string().nullable(),
  evidence: failingRowsSampleSchema.nullable(),
  /** Why it was dismissed (required to dismiss); dismissing a check's issue mutes the check. */
  dismissed_reason: z.string().nullable(),
});
export type Issue = z.infer<typeof issueSchema>;

/** GET /api/issues: `contextId` is `database-{id}` or `project-{id}`. */
export const listIssuesQuerySchema = z.object({ contextId: z.string().trim().min(1) });
export type ListIssuesQuery = z.infer<typeof listIssuesQuerySchema>;

/**
 * PUT /api/issues/{id} takes the whole issue and changes its editable fields; an
 * absent field stays as it is and null clears a nullable one. `id`, when sent, must be the
 * path's; the other fields (databaseId, query_id, timestamps, editable, and what a check recorded)
 * are read-only and ignored. Dismissing needs `dismissed_reason`.
 */
export const updateIssueBodySchema = z.object({
  id: z.string().optional(),
  title: z.string().trim().min(1).max(500).optional(),
  description: z.string().max(20_000).nullish(),
  severity: issueSeveritySchema.optional(),
  status: issueStatusSchema.optional(),
  business_entity_id: z.string().min(1).nullish(),
  dismissed_reason: z.string().trim().max(2000).nullish(),
});
export type UpdateIssueBody = z.infer<typeof updateIssueBodySchema>;
