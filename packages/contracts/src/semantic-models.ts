import { z } from 'zod';
import { runQueryResultSchema } from './queries.ts';
import {
  aggregations,
  metricQuerySchema,
  semanticModelSchema,
  semanticNameSchema,
} from './semantic-model.ts';

/*
 * The wire of a database's semantic model (the model itself is semantic-model.ts): the saved
 * model with its version, the pending proposal, the history of changes, and a metric query's
 * answer. Every save names the version it was made from, so two people never overwrite each
 * other: a stale version is refused (409).
 */

/** What the asking user may do with the model: change it (and proposals), certify its metrics. */
export const semanticModelAbilitiesSchema = z.object({ edit: z.boolean(), certify: z.boolean() });
export type SemanticModelAbilities = z.infer<typeof semanticModelAbilitiesSchema>;

/** Where a proposal came from: a person asked for one, Scan auto made it, or a file was imported (dbt, OSI). */
export const semanticProposalSources = ['person', 'scan', 'import'] as const;

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
 * `replace` lets the proposal's items replace the model's items of the same names (an import
 * meant as the new definition); without it the model's own versions stay.
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
    replace: z.boolean().optional(),
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

/**
 * The model a number was answered from, read the same way by the chat, the API and MCP: the one a
 * person saved, else the pending proposal, else one proposed from the database's schema for the
 * answer and kept nowhere.
 */
export const semanticModelSources = ['saved', 'proposal', 'schema'] as const;
export type SemanticModelSource = (typeof semanticModelSources)[number];

/**
 * What one figure of a metric query stands on: a metric of the model (certified, with who vouched
 * for it and when, or not yet), or a measure of the model aggregated for this query alone (the
 * analyst's "highest unit price"), which no metric defines.
 */
export const figureStandingSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('metric'),
      name: z.string(),
      label: z.string().nullable(),
      certified: z
        .object({ by: z.string(), at: z.string() })
        .nullable()
        .describe('Who certified the metric and when; null when nobody has.'),
    })
    .describe('A metric of the semantic model.'),
  z
    .object({
      kind: z.literal('measure'),
      name: z.string(),
      label: z.string().nullable(),
      measure: z.string().describe('The measure, as dataset.measure.'),
      aggregation: z.enum(aggregations),
    })
    .describe('A measure of the model aggregated for this query only: no metric defines it.'),
]);
export type FigureStanding = z.infer<typeof figureStandingSchema>;

/** Its answer: the rows of the compiled SQL, with the SQL itself so the number can be checked. */
export const metricQueryResultSchema = runQueryResultSchema.extend({
  sql: z.string().describe('The SQL the query compiled to, as it ran.'),
  /** Each result column: a metric or a dimension of the query, with its label. */
  fields: z.array(z.object({ name: z.string(), kind: z.enum(['metric', 'dimension']), label: z.string() })),
  modelSource: z
    .enum(semanticModelSources)
    .describe(
      'The model the query was answered from: saved by a person, a pending proposal nobody has reviewed yet, or proposed from the schema for this answer (kept nowhere).',
    ),
  standsOn: z
    .array(figureStandingSchema)
    .describe(
      "What each of the query's metrics stands on, in the order asked: certified or not, by whom and when.",
    ),
});
export type MetricQueryResult = z.infer<typeof metricQueryResultSchema>;

/** The formats a semantic model is imported from: dbt's MetricFlow definitions, or OSI YAML. */
export const semanticImportFormats = ['dbt', 'osi'] as const;
export type SemanticImportFormat = (typeof semanticImportFormats)[number];

const importedText = z
  .string()
  .min(1)
  .max(50 * 1024 * 1024);

/**
 * POST /api/databases/{id}/semantic-model/import: the text of one file (`content`: a YAML file, or
 * dbt's semantic_manifest.json / manifest.json), or for dbt several .yml files (`files`, a
 * project's models folder). Exactly one of the two.
 */
export const importSemanticModelSchema = z
  .object({
    format: z.enum(semanticImportFormats),
    content: importedText.optional(),
    files: z
      .array(
        z.object({ name: z.string().min(1).max(1000), content: z.string().max(50 * 1024 * 1024) }).strict(),
      )
      .min(1)
      .max(2000)
      .optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if ((body.content === undefined) === (body.files === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['content'],
        message: 'Send either content (one file) or files (several), not both and not neither',
      });
    } else if (body.files !== undefined && body.format !== 'dbt') {
      context.addIssue({ code: 'custom', path: ['files'], message: 'Several files are for dbt only' });
    }
  });
export type ImportSemanticModel = z.input<typeof importSemanticModelSchema>;

/** What an import could not carry over: the item's path in the file, and why. */
export const semanticImportWarningSchema = z.object({ item: z.string(), message: z.string() });
export type SemanticImportWarning = z.infer<typeof semanticImportWarningSchema>;

/** The model's state with the import as its pending proposal, and what the import left out. */
export const semanticImportResultSchema = semanticModelStateSchema.extend({
  warnings: z.array(semanticImportWarningSchema),
});
export type SemanticImportResult = z.infer<typeof semanticImportResultSchema>;

/** GET /api/databases/{id}/semantic-model/export: the saved model, or with `proposal=true` the pending one. */
export const exportSemanticModelQuerySchema = z.object({
  format: z.literal('osi'),
  proposal: z.stringbool().optional(),
});
