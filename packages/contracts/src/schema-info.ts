import { z } from 'zod';

/*
 * The schema of a database as the user browses it and the agent reads it: introspected from the
 * engine, with dbt descriptions merged in (`comment` is filled from dbt when the database has none).
 */

export const columnInfoSchema = z.object({
  name: z.string(),
  type: z.string(),
  nullable: z.boolean(),
  comment: z.string().nullable(),
  /** The column's description in the uploaded dbt manifest, if any. */
  dbtDescription: z.string().nullable(),
});
export type ColumnInfo = z.infer<typeof columnInfoSchema>;

export const foreignKeyInfoSchema = z.object({
  name: z.string().nullable(),
  columns: z.array(z.string()),
  references: z.object({ schema: z.string(), table: z.string(), columns: z.array(z.string()) }),
});

export const tableInfoSchema = z.object({
  name: z.string(),
  kind: z.enum(['table', 'view']),
  comment: z.string().nullable(),
  /** A cheap estimate from the engine's statistics; null when it has none. */
  rowEstimate: z.number().nullable(),
  columns: z.array(columnInfoSchema),
  primaryKey: z.array(z.string()),
  foreignKeys: z.array(foreignKeyInfoSchema),
  /** The model's (or source's) description in the uploaded dbt manifest, if any. */
  dbtDescription: z.string().nullable(),
  /** The dbt tests on it, as sentences ("status: one of 'placed', 'shipped'"); absent when none. */
  dbtTests: z.array(z.string()).optional(),
});
export type TableInfo = z.infer<typeof tableInfoSchema>;

/** A metric the dbt project defines, with how it is computed. */
export const dbtMetricSchema = z.object({
  name: z.string(),
  label: z.string().nullable(),
  description: z.string().nullable(),
  definition: z.string(),
});
export type DbtMetric = z.infer<typeof dbtMetricSchema>;

export const schemaInfoSchema = z.object({
  schemas: z.array(z.object({ name: z.string(), tables: z.array(tableInfoSchema) })),
  /** The uploaded dbt manifest's metrics; absent when none. */
  dbtMetrics: z.array(dbtMetricSchema).optional(),
  /** When the engine was last asked; GET …/schema?refresh=true asks again. */
  introspectedAt: z.string(),
});
export type SchemaInfo = z.infer<typeof schemaInfoSchema>;

/** GET /api/databases/{id}/schema and /api/projects/{id}/schema: `refresh=true` introspects again. */
export const schemaRefreshQuerySchema = z.object({ refresh: z.stringbool().optional() });
