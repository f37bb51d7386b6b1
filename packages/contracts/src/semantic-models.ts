import { z } from 'zod';
import { runQueryResultSchema } from './queries.ts';
import { metricQuerySchema, semanticModelSchema, semanticNameSchema } from './semantic-model.ts';

/*
 * The wire of a database's semantic model (the model itself is semantic-model.ts): the saved
 * model with its version, the pending proposal, the history of changes, and a metric query's
 * answer. Every save names the version it was made from, so two people never overwrite each
 * other: a stale version is refused (409).
 */

/** What the asking user may do with the model: change it (and proposals), certify its metrics. */
export const semanticModelAbilitiesSchema = z.object({ edit: z.boolean(), certify: z.boolean() });
export type SemanticModelAbilities = z.infer<typeof semanticModelAbilitiesSchema>;

/** Where a proposal came from: a person asked for one, or Scan auto made it. */
export const semanticProposalSources = ['person', 'scan'] as const;

/** A proposal waiting for a person to accept (all or some of it) or reject it. */
export const semanticProposalSchema = z.object({
  model: semanticModelSchema,
  proposedAt: z.string(),
  /** Who asked for it (their name), or who ran the scan that made it. */
  proposedBy: z.string().nullable(),
  source: z.enum(semanticProposalSources),
});
export type SemanticProposal = z.infer<typeof semanticProposalSchema>;

/** GET /api/databases/{id}/semantic-model (and a project's, read-only). */
export const semanticModelStateSchema = z.object({
  databaseId: z.string(),
  /** Null until someone saves one. */
  model: semanticModelSchema.nullable(),
  /** 0 before the first save; each save adds one. Send it back with the next save. */
  version: z.number().int().nonnegative(),
  updatedAt: z.string().nullable(),
  /** The name of whoever saved the current version. */
  updatedBy: z.string().nullable(),
  proposal: semanticProposalSchema.nullable(),
  abilities: semanticModelAbilitiesSchema,
});
export type SemanticModelState = z.infer<typeof semanticModelStateSchema>;

const version = z.number().int().nonnegative();

/** PUT /api/databases/{id}/semantic-model: the whole model, and the version it was edited from. */
export const saveSemanticModelSchema = z.object({ model: semanticModelSchema, version }).strict();
export type SaveSemanticModel = z.input<typeof saveSemanticModelSchema>;

/**
 * POST /api/databases/{id}/semantic-model/proposal/accept: merges the pending proposal into the
 * model of `version`. `items` picks what to take by name; without it everything new is taken.
 */
export const acceptSemanticProposalSchema = z
  .object({
    version,
    items: z
      .object({
        datasets: z.array(semanticNameSchema).max(2000).default([]),
        relationships: z.array(semanticNameSchema).max(5000).default([]),
        metrics: z.array(semanticNameSchema).max(2000).default([]),
      })
      .strict()
      .optional(),
  })
  .strict();
export type AcceptSemanticProposal = z.input<typeof acceptSemanticProposalSchema>;

export const semanticMetricParamsSchema = z.object({ id: z.string().min(1), name: z.string().min(1) });
export const semanticVersionParamsSchema = z.object({
  id: z.string().min(1),
  version: z.coerce.number().int().positive(),
});

/** One change of the model, newest first in the history. */
export const semanticModelChangeSchema = z.object({
  version: z.number().int().positive(),
  /** What changed, in words: "added metric revenue; certified metric order_count". */
  summary: z.string(),
  changedAt: z.string(),
  changedBy: z.string().nullable(),
});
export type SemanticModelChange = z.infer<typeof semanticModelChangeSchema>;

export const semanticModelHistorySchema = z.object({ changes: z.array(semanticModelChangeSchema) });
export type SemanticModelHistory = z.infer<typeof semanticModelHistorySchema>;

/** GET …/history/{version}: the model as it was saved at that version. */
export const semanticModelVersionSchema = semanticModelChangeSchema.extend({ model: semanticModelSchema });
export type SemanticModelVersion = z.infer<typeof semanticModelVersionSchema>;

/** POST /api/databases/{id}/metrics/query: a metric query, compiled for the database's engine. */
export const metricQueryBodySchema = metricQuerySchema;

/** Its answer: the rows of the compiled SQL, with the SQL itself so the number can be checked. */
export const metricQueryResultSchema = runQueryResultSchema.extend({
  sql: z.string(),
  /** Each result column: a metric or a dimension of the query, with its label. */
  fields: z.array(z.object({ name: z.string(), kind: z.enum(['metric', 'dimension']), label: z.string() })),
});
export type MetricQueryResult = z.infer<typeof metricQueryResultSchema>;
