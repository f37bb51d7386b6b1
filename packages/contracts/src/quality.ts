import { abilitiesSchema } from './abilities.ts';
import { z } from 'zod';
import { businessEntitySchema } from './business-entities.ts';
import { failingRowsSampleSchema, issueSeveritySchema } from './issues.ts';
import {
  checkKinds,
  checkOrigins,
  checkRunStatuses,
  checkStates,
  definitionItems,
  qualityDimensions,
} from './quality-words.ts';

/*
 * Data-quality checks as data: what a check looks at (its definition), how it is judged (dimension,
 * severity, warn and fail thresholds in percent), where it came from and whether it counts; the
 * runs that judged it, and the scores computed from those runs with their arithmetic.
 */

export const checkKindSchema = z.enum(checkKinds);
export const qualityDimensionSchema = z.enum(qualityDimensions);
export const checkStateSchema = z.enum(checkStates);
export const checkOriginSchema = z.enum(checkOrigins);
export const checkRunStatusSchema = z.enum(checkRunStatuses);

const columnName = z.string().trim().min(1).max(300);
const columns = z.array(columnName).max(20);
const oneColumn = z.array(columnName).length(1);

/** A table as the schema names it; `schema` is '' for engines without schemas. */
export const tableNameSchema = z.object({
  schema: z.string().max(300),
  name: z.string().trim().min(1).max(300),
});
export type TableName = z.infer<typeof tableNameSchema>;

/**
 * What a check looks at, by kind. The table is the entity's; `columns` are the columns checked
 * (schema: the expected ones; uniqueness: the key, one or several; integrity: the referencing
 * ones). Percentages compared with the thresholds: the share of failing rows, of missing columns
 * (schema), the change from the usual row count (volume), or how far past its expected age the
 * newest row is (freshness).
 */
export const checkDefinitionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('schema'), columns, params: z.object({}).default({}) }),
  z.object({
    kind: z.literal('volume'),
    columns: z.array(columnName).max(0).default([]),
    params: z.object({ min_rows: z.number().int().min(0).default(1) }).default({ min_rows: 1 }),
  }),
  z.object({
    kind: z.literal('completeness'),
    columns: columns.min(1),
    params: z.object({ blank_is_missing: z.boolean().default(true) }).default({ blank_is_missing: true }),
  }),
  z.object({ kind: z.literal('uniqueness'), columns: columns.min(1), params: z.object({}).default({}) }),
  z.object({
    kind: z.literal('integrity'),
    columns: columns.min(1),
    params: z.object({
      references: z.object({
        schema: z.string().max(300),
        table: z.string().trim().min(1).max(300),
        columns: columns.min(1),
      }),
    }),
  }),
  z.object({
    kind: z.literal('validity'),
    columns: oneColumn,
    params: z.object({
      accepted_values: z
        .array(z.union([z.string().max(500), z.number()]))
        .min(1)
        .max(200)
        .optional(),
      min: z.number().optional(),
      max: z.number().optional(),
    }),
  }),
  z.object({
    kind: z.literal('freshness'),
    columns: oneColumn,
    params: z.object({
      max_age_hours: z
        .number()
        .positive()
        .max(24 * 365 * 10),
    }),
  }),
]);
export type CheckDefinition = z.output<typeof checkDefinitionSchema>;
export type CheckDefinitionInput = z.input<typeof checkDefinitionSchema>;

const percent = z.number().min(0).max(100);

export const checkSampleSchema = failingRowsSampleSchema;

/** One run of one check, as stored: every score is computed from these. */
export const checkRunSchema = z.object({
  id: z.string(),
  status: checkRunStatusSchema,
  failing_count: z.number().nullable(),
  total_count: z.number().nullable(),
  /** The percentage compared with the thresholds; null when the check could not run. */
  failing_percent: z.number().nullable(),
  /** The observed value in words, e.g. "169 of 5,000 rows (3.38%) have no email". */
  observed: z.string(),
  /** Why it errored or was skipped, or what was compared (volume's usual count). */
  message: z.string().nullable(),
  /** The statement whose answer judged the check; null for schema checks (introspection). */
  sql: z.string().nullable(),
  sample: checkSampleSchema.nullable(),
  ran_at: z.string(),
  duration_ms: z.number().nullable(),
});
export type CheckRun = z.infer<typeof checkRunSchema>;

export const checkMuteSchema = z.object({ reason: z.string(), by: z.string().nullable(), at: z.string() });

export const qualityCheckSchema = z.object({
  id: z.string(),
  entity_id: z.string(),
  title: z.string(),
  table: tableNameSchema,
  definition: checkDefinitionSchema,
  dimension: qualityDimensionSchema,
  severity: issueSeveritySchema,
  warn_percent: percent,
  fail_percent: percent,
  origin: checkOriginSchema,
  state: checkStateSchema,
  /** Stable across runs and edits that keep what is checked; a new definition, a new fingerprint. */
  fingerprint: z.string(),
  muted: checkMuteSchema.nullable(),
  latest_run: checkRunSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QualityCheck = z.infer<typeof qualityCheckSchema>;

/** One check's part in its dimension's score. */
export const scoredCheckSchema = z.object({
  check_id: z.string(),
  title: z.string(),
  severity: issueSeveritySchema,
  weight: z.number(),
  status: checkRunStatusSchema.nullable(),
  /** 1, 0.5 or 0; null when the latest run is not scored (error, skipped, none). */
  points: z.number().nullable(),
});

export const dimensionScoreSchema = z.object({
  dimension: qualityDimensionSchema,
  /** Weighted mean of its scored checks, 0–100; null when none is scored. */
  score: z.number().nullable(),
  checks: z.array(scoredCheckSchema),
});

export const qualityBreakdownSchema = z.object({
  /** 0–100, null when no check is scored ("not assessed"). */
  score: z.number().nullable(),
  /** The mean of the dimensions before the critical cap. */
  mean: z.number().nullable(),
  capped: z.boolean(),
  dimensions: z.array(dimensionScoreSchema),
  /** The arithmetic in words, e.g. "(100 + 83.3 + 50) / 3 = 77.8". */
  arithmetic: z.string(),
});
export type QualityBreakdown = z.infer<typeof qualityBreakdownSchema>;

export const definitionItemSchema = z.object({
  item: z.enum(definitionItems),
  label: z.string(),
  /** 0–1; null when it does not apply (no foreign key, no timestamp column). */
  value: z.number().nullable(),
  detail: z.string(),
});

export const completenessBreakdownSchema = z.object({
  score: z.number().nullable(),
  items: z.array(definitionItemSchema),
  arithmetic: z.string(),
});
export type CompletenessBreakdown = z.infer<typeof completenessBreakdownSchema>;

export const entityScoreSchema = z.object({
  version: z.string(),
  computed_at: z.string(),
  quality: qualityBreakdownSchema,
  completeness: completenessBreakdownSchema,
  coverage: z.object({ checks: z.number().int(), dimensions: z.number().int(), text: z.string() }),
  /** The runs the score was computed from. */
  run_ids: z.array(z.string()),
});
export type EntityScore = z.infer<typeof entityScoreSchema>;

/** GET /api/business-entities/{id}: the card's entity with its table, checks and score breakdown. */
export const entityDetailSchema = z.object({
  entity: businessEntitySchema,
  /** The database it belongs to, where its checks' SQL runs. */
  database_id: z.string(),
  table: tableNameSchema.nullable(),
  key_columns: z.array(z.string()),
  origin: checkOriginSchema,
  /** Whether the user may change its checks (its database's access). */
  editable: z.boolean(),
  /** What the asking user may do with the entity itself, as for other objects. */
  abilities: abilitiesSchema,
  checks: z.array(qualityCheckSchema),
  score: entityScoreSchema.nullable(),
});
export type EntityDetail = z.infer<typeof entityDetailSchema>;

const title = z.string().trim().min(1).max(300);

/** POST /api/business-entities/{id}/checks: a check of the user's own, validated and tried first. */
export const createCheckBodySchema = z.object({
  definition: checkDefinitionSchema,
  title: title.optional(),
  dimension: qualityDimensionSchema.optional(),
  severity: issueSeveritySchema.optional(),
  warn_percent: percent.optional(),
  fail_percent: percent.optional(),
});
export type CreateCheckBody = z.input<typeof createCheckBodySchema>;

/**
 * PUT /api/checks/{id}: absent fields stay. `state: active` accepts a proposed check or unmutes
 * one; `state: muted` needs `muted_reason`. A new definition or thresholds lift a mute.
 */
export const updateCheckBodySchema = z.object({
  title: title.optional(),
  definition: checkDefinitionSchema.optional(),
  dimension: qualityDimensionSchema.optional(),
  severity: issueSeveritySchema.optional(),
  warn_percent: percent.optional(),
  fail_percent: percent.optional(),
  state: checkStateSchema.optional(),
  muted_reason: z.string().trim().min(1).max(2000).optional(),
});
export type UpdateCheckBody = z.input<typeof updateCheckBodySchema>;

/** POST /api/quality/runs: run every active check of the context's database now. */
export const runQualityBodySchema = z.object({ contextId: z.string().trim().min(1) });

/** How a run went, entity by entity. */
export const qualityRunSummarySchema = z.object({
  entities: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      quality_score: z.number().nullable(),
      completeness: z.number().nullable(),
    }),
  ),
  statuses: z.record(checkRunStatusSchema, z.number().int()),
  statements: z.number().int(),
  duration_ms: z.number(),
});
export type QualityRunSummary = z.infer<typeof qualityRunSummarySchema>;

/** A database's check schedule: every N minutes, 0 off, null the server's default. */
export const qualityScheduleSchema = z.object({
  every_minutes: z.number().int().min(0).nullable(),
  /** What null means here: the server's QUALITY_SCHEDULE_MINUTES (0 is off). */
  default_minutes: z.number().int().min(0),
  last_run_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
  last_outcome: z.string().nullable(),
});
export type QualitySchedule = z.infer<typeof qualityScheduleSchema>;

export const qualityScheduleQuerySchema = z.object({ contextId: z.string().trim().min(1) });
export const updateQualityScheduleBodySchema = z.object({
  contextId: z.string().trim().min(1),
  every_minutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 31)
    .nullable(),
});
