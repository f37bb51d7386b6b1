import { z } from 'zod';

/** POST /api/query/_run */
export const runQueryBodySchema = z.object({
  query: z.string().trim().min(1),
  databaseId: z.string().min(1),
});
export type RunQueryBody = z.infer<typeof runQueryBodySchema>;

export const resultColumnSchema = z.object({ name: z.string(), type: z.string() });
export type ResultColumn = z.infer<typeof resultColumnSchema>;

/**
 * A query result (SPEC.md §3 "rows, count"). `count` is exact when the result fits the row cap;
 * when it was cut it is the true total if that could be counted in time, else null.
 */
export const runQueryResultSchema = z.object({
  rows: z.array(z.record(z.string(), z.unknown())),
  count: z.number().int().nullable(),
  columns: z.array(resultColumnSchema),
  truncated: z.boolean(),
  durationMs: z.number(),
});
export type RunQueryResult = z.infer<typeof runQueryResultSchema>;
