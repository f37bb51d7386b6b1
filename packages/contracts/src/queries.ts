import { z } from 'zod';
import { abilitiesSchema } from './abilities.ts';

/** POST /api/query/_run */
export const runQueryBodySchema = z.object({
  query: z.string().trim().min(1),
  databaseId: z.string().min(1),
});
export type RunQueryBody = z.infer<typeof runQueryBodySchema>;

export const resultColumnSchema = z.object({ name: z.string(), type: z.string() });
export type ResultColumn = z.infer<typeof resultColumnSchema>;

/**
 * One result row: its cells in the order of the result's `columns`, as most SQL result APIs send
 * them. Rows as arrays are half the JSON of rows as objects (no repeated names), so they encode,
 * travel and parse in about half the time, keep the column order, and cannot collide on a name.
 */
export const resultRowSchema = z.array(z.unknown());
export type ResultRow = z.infer<typeof resultRowSchema>;

/**
 * A query result: its rows and their count. `count` is exact when the result fits the row cap;
 * when it was cut it is the true total if that could be counted in time, else null.
 */
export const runQueryResultSchema = z.object({
  /** Each row's cells in `columns` order. */
  rows: z.array(resultRowSchema),
  count: z.number().int().nullable(),
  columns: z.array(resultColumnSchema),
  truncated: z.boolean(),
  durationMs: z.number(),
  /** The history record of this run: export it, chart it or save it by this id. */
  queryId: z.string().optional(),
});
export type RunQueryResult = z.infer<typeof runQueryResultSchema>;

/*
 * Saved queries (id, title, sql, databaseId, is_favorite) and history. Every run is a query
 * record: POST /api/query/_run records an unsaved one (history) and answers its id as `queryId`;
 * POST /api/query saves one (`is_saved` true).
 */

/** How the last run of a query ended, without its rows. */
export const queryRunSummarySchema = z.object({
  ranAt: z.string(),
  durationMs: z.number().nullable(),
  /** As in a run result: exact when it fits the row cap, else the total if counted in time, else null. */
  count: z.number().int().nullable(),
  truncated: z.boolean(),
  columns: z.array(resultColumnSchema).nullable(),
  /** The database's message when the SQL failed; rows and columns are then absent. */
  error: z.string().nullable(),
});
export type QueryRunSummary = z.infer<typeof queryRunSummarySchema>;

export const savedQuerySchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  sql: z.string(),
  databaseId: z.string(),
  is_favorite: z.boolean(),
  /** false for a history record (a run nobody saved). */
  is_saved: z.boolean(),
  /** The conversation whose agent ran it, if any. */
  conversationId: z.string().nullable(),
  /** Whether the asking user may change or delete it (its owner); colleagues may only read and run. */
  editable: z.boolean(),
  abilities: abilitiesSchema,
  /** Shared with the owner's organisation (an upload starts private). */
  shared: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** null until it has run. */
  lastRun: queryRunSummarySchema.nullable(),
  /** The question it answers, in words, when its owner said (saved from a chat answer, or typed). */
  question: z.string().nullable(),
  /** Checked by its owner: the analyst takes verified queries of a database as worked examples. */
  verified: z.boolean(),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;

const queryTitle = z.string().trim().min(1).max(200);
const querySql = z.string().trim().min(1).max(1_000_000);
const queryQuestion = z.string().trim().min(1).max(2000);

/** POST /api/query; `question` and `verified` make it an example the analyst learns from. */
export const createSavedQueryBodySchema = z.object({
  title: queryTitle,
  sql: querySql,
  databaseId: z.string().min(1),
  question: queryQuestion.optional(),
  verified: z.boolean().optional(),
});
export type CreateSavedQueryBody = z.infer<typeof createSavedQueryBodySchema>;

/**
 * PUT /api/query/{id}: a changed `sql` forgets the stored last result, which no longer matches
 * it, and the query's verification unless `verified` is sent again with it; null clears `question`.
 */
export const updateSavedQueryBodySchema = z
  .object({
    title: queryTitle.optional(),
    sql: querySql.optional(),
    question: queryQuestion.nullable().optional(),
    verified: z.boolean().optional(),
  })
  .refine(
    (body) =>
      body.title !== undefined ||
      body.sql !== undefined ||
      body.question !== undefined ||
      body.verified !== undefined,
    {
      message: 'give title, sql, question or verified',
    },
  );
export type UpdateSavedQueryBody = z.infer<typeof updateSavedQueryBodySchema>;

/**
 * GET /api/queries: the user's own queries, saved ones unless `saved=false`, newest change first;
 * with `shared=true`, the saved queries colleagues shared with the user's organisation instead.
 */
export const listQueriesQuerySchema = z.object({
  databaseId: z.string().min(1).optional(),
  saved: z.stringbool().default(true),
  shared: z.stringbool().default(false),
});
export type ListQueriesQuery = z.infer<typeof listQueriesQuerySchema>;

/** GET /api/query-history */
export const queryHistoryQuerySchema = z.object({ databaseId: z.string().min(1).optional() });
export type QueryHistoryQuery = z.infer<typeof queryHistoryQuerySchema>;

/** One of the user's recent runs (at most 50, newest first). */
export const queryHistoryItemSchema = z.object({
  id: z.string(),
  sql: z.string(),
  databaseId: z.string(),
  conversationId: z.string().nullable(),
  ranAt: z.string(),
  durationMs: z.number().nullable(),
  count: z.number().int().nullable(),
  truncated: z.boolean(),
  error: z.string().nullable(),
});
export type QueryHistoryItem = z.infer<typeof queryHistoryItemSchema>;

/**
 * GET /api/query/{id}/results and POST /api/query/{id}/run: the stored rows of the last run
 * (capped at QUERY_ROW_CAP). A last run that failed answers its `error` with no rows.
 */
export const queryResultsSchema = runQueryResultSchema.extend({
  queryId: z.string(),
  ranAt: z.string(),
  error: z.string().nullable(),
});
export type QueryResults = z.infer<typeof queryResultsSchema>;

/** Export formats of GET /api/query/{id}/export and POST /api/query/_export. */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportQuerySchema = z.object({ format: z.enum(exportFormats) });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** POST /api/query/_export */
export const exportBodySchema = runQueryBodySchema.extend({ format: z.enum(exportFormats) });
export type ExportBody = z.infer<typeof exportBodySchema>;

/**
 * Export response header and trailers. The row limit (EXPORT_MAX_ROWS) is known before the first
 * byte; whether it cut the result is only known once the last row is written, so that travels as
 * HTTP trailers, and in the file itself: a CSV ends with one last line starting `# Truncated:`,
 * an XLSX workbook gets a second sheet named "Truncated". An export that fails midway (time
 * limit, database gone) ends the connection without the closing chunk, so no client takes a
 * partial file for a whole one.
 */
export const exportHeaders = {
  rowLimit: 'x-querent-row-limit',
  truncated: 'x-querent-truncated',
  rowCount: 'x-querent-row-count',
} as const;
