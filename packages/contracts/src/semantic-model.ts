import { z } from 'zod';

/*
 * The semantic model of one database: what its tables mean to the business, written once and
 * answered from everywhere (chat, editor, API). Datasets are tables (or SQL) with their grain;
 * dimensions and measures are read from a dataset's columns; relationships say how datasets join;
 * metrics are the certified numbers built from measures. Names are snake_case and unique where
 * they are referenced; labels and synonyms carry the words people use.
 */

/** A name the model refers to things by: lower snake_case, as MetricFlow and OSI write them. */
export const semanticNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, 'Use lower-case letters, digits and underscores, starting with a letter');

export const timeGrains = ['day', 'week', 'month', 'quarter', 'year'] as const;
export const timeGrainSchema = z.enum(timeGrains);
export type TimeGrain = z.infer<typeof timeGrainSchema>;

/**
 * What a dimension or measure reads: one column of its dataset (the compiler quotes it for the
 * engine), or an SQL expression in the database's dialect over the dataset's columns.
 */
export const semanticExpressionSchema = z.union([
  z.object({ column: z.string().min(1) }).strict(),
  z.object({ sql: z.string().min(1).max(2000) }).strict(),
]);
export type SemanticExpression = z.infer<typeof semanticExpressionSchema>;

const describedSchema = {
  name: semanticNameSchema,
  /** How people call it ("Unit price"); the name split into words when absent. */
  label: z.string().max(200).nullable().default(null),
  description: z.string().max(4000).nullable().default(null),
  /** Other words for it, matched when people ask ("revenue" for sales). */
  synonyms: z.array(z.string().min(1).max(100)).max(50).default([]),
};

export const filterOperators = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'in',
  'not_in',
  'between',
  'is_null',
  'is_not_null',
] as const;

/**
 * A condition on a dimension, structured rather than SQL so that it compiles to every engine and
 * is checked against the model: `in` takes one or more values, `between` two, the null tests none.
 * Dates are ISO strings ("2024-01-31").
 */
export const semanticFilterSchema = z
  .object({
    dimension: z.string().min(1),
    operator: z.enum(filterOperators),
    values: z
      .array(z.union([z.string(), z.number(), z.boolean()]))
      .max(1000)
      .default([]),
  })
  .strict();
export type SemanticFilter = z.infer<typeof semanticFilterSchema>;

export const dimensionSchema = z
  .object({
    ...describedSchema,
    expression: semanticExpressionSchema,
    type: z.enum(['categorical', 'time', 'number', 'boolean']),
    /** Time dimensions: the grains it may be grouped by (finest first). */
    timeGrains: z.array(timeGrainSchema).default([]),
    /** A few of its values (categorical dimensions), to match questions against. */
    sampleValues: z.array(z.string().max(200)).max(100).default([]),
  })
  .strict();
export type Dimension = z.infer<typeof dimensionSchema>;

export const aggregations = ['sum', 'count', 'count_distinct', 'avg', 'min', 'max'] as const;

export const measureSchema = z
  .object({
    ...describedSchema,
    aggregation: z.enum(aggregations),
    /** Absent only for `count`, which then counts the dataset's rows. */
    expression: semanticExpressionSchema.nullable().default(null),
    /** Rows the measure keeps, on dimensions of its own dataset (e.g. status = 'paid'). */
    filters: z.array(semanticFilterSchema).default([]),
  })
  .strict();
export type Measure = z.infer<typeof measureSchema>;

export const datasetSourceSchema = z.union([
  z.object({ table: z.string().min(1), schema: z.string().nullable().default(null) }).strict(),
  z.object({ sql: z.string().min(1).max(20000) }).strict(),
]);
export type DatasetSource = z.infer<typeof datasetSourceSchema>;

export const datasetSchema = z
  .object({
    ...describedSchema,
    source: datasetSourceSchema,
    /** The columns that identify one row: the dataset's grain. */
    primaryKey: z.array(z.string().min(1)).default([]),
    dimensions: z.array(dimensionSchema).default([]),
    measures: z.array(measureSchema).default([]),
  })
  .strict();
export type Dataset = z.infer<typeof datasetSchema>;

/** `from` rows point at `to` rows through equal columns, in the same order on both sides. */
export const relationshipSchema = z
  .object({
    name: semanticNameSchema,
    from: z.object({ dataset: semanticNameSchema, columns: z.array(z.string().min(1)).min(1) }).strict(),
    to: z.object({ dataset: semanticNameSchema, columns: z.array(z.string().min(1)).min(1) }).strict(),
    cardinality: z.enum(['many_to_one', 'one_to_one', 'one_to_many', 'many_to_many']),
    /** What the join means, or where it came from ("inferred from the column name customer_id"). */
    description: z.string().max(4000).nullable().default(null),
  })
  .strict();
export type Relationship = z.infer<typeof relationshipSchema>;

/** Who certified a metric, and when: a certified metric is the number to trust. */
export const certificationSchema = z
  .object({ by: z.string().min(1), at: z.iso.datetime({ offset: true }) })
  .strict();

const metricBase = {
  ...describedSchema,
  /** The person or team who answers for it. */
  owner: z.string().max(200).nullable().default(null),
  /** Rows it keeps, on dimensions reachable from its measures' datasets. */
  filters: z.array(semanticFilterSchema).default([]),
  certified: certificationSchema.nullable().default(null),
};

/**
 * Metrics, as MetricFlow and OSI define them: `simple` aggregates one measure (named
 * `dataset.measure`, or `measure` when unique); `ratio` divides two metrics; `derived` combines
 * metrics with + - * / and parentheses (`expression` names only metrics and numbers); `cumulative`
 * adds a measure up over a trailing window, or since the start of its grain (month to date…), or
 * over all time when neither is given.
 */
export const metricSchema = z.discriminatedUnion('type', [
  z.object({ ...metricBase, type: z.literal('simple'), measure: z.string().min(1) }).strict(),
  z
    .object({
      ...metricBase,
      type: z.literal('ratio'),
      numerator: semanticNameSchema,
      denominator: semanticNameSchema,
    })
    .strict(),
  z.object({ ...metricBase, type: z.literal('derived'), expression: z.string().min(1).max(1000) }).strict(),
  z
    .object({
      ...metricBase,
      type: z.literal('cumulative'),
      measure: z.string().min(1),
      window: z
        .object({ count: z.number().int().positive(), grain: timeGrainSchema })
        .strict()
        .nullable()
        .default(null),
      grainToDate: timeGrainSchema.nullable().default(null),
    })
    .strict(),
]);
export type Metric = z.infer<typeof metricSchema>;

export const semanticModelSchema = z
  .object({
    datasets: z.array(datasetSchema).max(2000).default([]),
    relationships: z.array(relationshipSchema).max(5000).default([]),
    metrics: z.array(metricSchema).max(2000).default([]),
  })
  .strict();
export type SemanticModel = z.infer<typeof semanticModelSchema>;
export type SemanticModelInput = z.input<typeof semanticModelSchema>;

/**
 * A question put to the model: metrics by dimensions (`dataset.dimension`, or `dimension` when
 * unique; a time dimension with the grain to group it by), with filters, an order and a limit
 * (with its ties, or not). `orderBy` names a metric or a dimension of the query.
 */
export const metricQuerySchema = z
  .object({
    metrics: z.array(z.string().min(1)).max(20).default([]),
    dimensions: z
      .array(z.object({ dimension: z.string().min(1), grain: timeGrainSchema.optional() }).strict())
      .max(20)
      .default([]),
    filters: z.array(semanticFilterSchema).max(50).default([]),
    orderBy: z
      .array(
        z.object({ field: z.string().min(1), direction: z.enum(['asc', 'desc']).default('asc') }).strict(),
      )
      .max(20)
      .default([]),
    limit: z.number().int().positive().max(1_000_000).optional(),
    /**
     * With `limit`, also the rows tied with the last one kept on the first `orderBy` field (SQL's
     * WITH TIES): "the country with the most customers" is every country that has that many.
     */
    ties: z.boolean().default(false),
  })
  .strict()
  .refine((query) => !query.ties || (query.limit !== undefined && query.orderBy.length > 0), {
    message: 'Ties are kept with a limit and an order only',
    path: ['ties'],
  })
  .refine((query) => query.metrics.length > 0 || query.dimensions.length > 0, {
    message: 'Ask for at least one metric or dimension',
    path: ['metrics'],
  });
export type MetricQuery = z.infer<typeof metricQuerySchema>;
export type MetricQueryInput = z.input<typeof metricQuerySchema>;
