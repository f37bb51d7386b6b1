import { z } from 'zod';
import { abilitiesSchema } from './abilities.ts';
import { chartConfigSchema } from './charts.ts';
import { dashboardFilterSchema, dashboardFiltersSchema } from './dashboard-filters.ts';
import { dashboardGridColumns } from './dashboard-grid.ts';
import { resultColumnSchema, resultRowSchema } from './queries.ts';
import { metricQuerySchema } from './semantic-model.ts';

/*
 * Dashboards: a name, a description and an owner, shared like other objects (private, with the
 * owner's organisation, or public), holding tiles on a grid 12 columns wide. A tile shows a saved
 * query (with the chart it was pinned with), a metric query of a database's semantic model, or
 * Markdown text. Every change of the name, description, layout or tiles makes a new `version`;
 * a PUT names the version it was made from, so a stale layout is refused (409) rather than
 * overwriting someone else's.
 */

const gridEdge = z.number().int();

/** A tile's place on the grid: column and row of its top-left corner, width and height in cells. */
const tileLayoutShape = {
  x: gridEdge
    .min(0)
    .max(dashboardGridColumns - 1)
    .describe('Column of the left edge, from 0'),
  y: gridEdge.min(0).max(10_000).describe('Row of the top edge, from 0'),
  w: gridEdge.min(1).max(dashboardGridColumns).describe('Width in columns'),
  h: gridEdge.min(1).max(48).describe('Height in rows'),
};

/** A tile may not run off the grid's right edge. */
function withinGrid(layout: { x: number; w: number }): boolean {
  return layout.x + layout.w <= dashboardGridColumns;
}
const offTheGrid = { message: `x + w must be at most ${dashboardGridColumns}`, path: ['w'] };

export const tileLayoutSchema = z.object(tileLayoutShape).strict().refine(withinGrid, offTheGrid);
export type TileLayout = z.infer<typeof tileLayoutSchema>;

const tileTitle = z.string().trim().min(1).max(200);
const tileText = z.string().min(1).max(20_000);
const dashboardName = z.string().trim().min(1).max(200);
const dashboardDescription = z.string().trim().max(2000);

const tileBase = z.object({
  id: z.string(),
  /** Shown above the tile; null shows the saved query's title or nothing. */
  title: z.string().nullable(),
  layout: tileLayoutSchema,
});

/** A saved query's tile; null `savedQueryId` once the query was deleted (the tile then says so). */
export const queryTileSchema = tileBase.extend({
  kind: z.literal('query'),
  savedQueryId: z.string().nullable(),
  /** How the result is drawn; null shows the table. */
  chart: chartConfigSchema.nullable(),
});

/** A metric query of a database's semantic model; null `databaseId` once the database was removed. */
export const metricTileSchema = tileBase.extend({
  kind: z.literal('metric'),
  databaseId: z.string().nullable(),
  metricQuery: metricQuerySchema,
  chart: chartConfigSchema.nullable(),
});

export const textTileSchema = tileBase.extend({
  kind: z.literal('text'),
  /** Markdown. */
  text: z.string(),
});

export const dashboardTileSchema = z.discriminatedUnion('kind', [
  queryTileSchema,
  metricTileSchema,
  textTileSchema,
]);
export type DashboardTile = z.infer<typeof dashboardTileSchema>;

/** One dashboard in a list: without its tiles. */
export const dashboardSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  ownerId: z.string(),
  /** The owner's name, else their email. */
  ownerName: z.string().nullable(),
  /** Shared with the owner's organisation: colleagues see it (read-only). */
  shared: z.boolean(),
  /** Seen by everyone, anonymous visitors included (read-only); each tile still shows data only to who may read its database. */
  public: z.boolean(),
  /** Starts at 1; every change of name, description, layout or tiles adds one. */
  version: z.number().int().positive(),
  tileCount: z.number().int().nonnegative(),
  abilities: abilitiesSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** GET /api/dashboards/{id}: the dashboard with its tiles, top to bottom, left to right. */
export const dashboardSchema = dashboardSummarySchema.omit({ tileCount: true }).extend({
  tiles: z.array(dashboardTileSchema),
  /** The controls at the top, each with the tiles it drives. */
  filters: z.array(dashboardFilterSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** POST /api/dashboards */
export const createDashboardBodySchema = z
  .object({ name: dashboardName, description: dashboardDescription.optional() })
  .strict();
export type CreateDashboardBody = z.infer<typeof createDashboardBodySchema>;

/** One tile's new place, in PUT /api/dashboards/{id}'s `layout`. */
export const tilePlacementSchema = z
  .object({ tileId: z.string().min(1), ...tileLayoutShape })
  .strict()
  .refine(withinGrid, offTheGrid);
export type TilePlacement = z.infer<typeof tilePlacementSchema>;

/**
 * PUT /api/dashboards/{id}: `version` is the one the change was made from (a stale one is
 * refused, 409); `layout` moves the tiles it names and leaves the others where they are;
 * `public` is its owner's to set; `filters`, when given, replaces them all.
 */
export const updateDashboardBodySchema = z
  .object({
    version: z.number().int().positive().describe('The version this change was made from'),
    name: dashboardName.optional(),
    description: dashboardDescription.nullable().optional(),
    layout: z.array(tilePlacementSchema).max(200).optional(),
    public: z.boolean().optional(),
    filters: dashboardFiltersSchema
      .optional()
      .describe('Replaces all the filters; each binding names a tile of this dashboard'),
  })
  .strict();
export type UpdateDashboardBody = z.infer<typeof updateDashboardBodySchema>;

/**
 * POST /api/dashboards/{id}/tiles: exactly one of `savedQueryId` (a saved query the caller may
 * read), `metricQuery` with `databaseId` (checked against the database's semantic model), or
 * `text` (Markdown). Without `layout` the tile takes the first free place, top to bottom and left
 * to right, half the grid wide (text: the whole width).
 */
export const addTileBodySchema = z
  .object({
    savedQueryId: z.string().min(1).optional().describe('Pin this saved query'),
    metricQuery: metricQuerySchema.optional().describe('A metric query of the database’s semantic model'),
    databaseId: z.string().min(1).optional().describe('The database of `metricQuery`'),
    text: tileText.optional().describe('Markdown'),
    title: tileTitle.optional(),
    chart: chartConfigSchema.optional().describe('How a query or metric tile draws its result'),
    layout: tileLayoutSchema.optional(),
  })
  .strict()
  .superRefine((body, context) => {
    const given = [body.savedQueryId, body.metricQuery, body.text].filter((part) => part !== undefined);
    if (given.length !== 1) {
      context.addIssue({
        code: 'custom',
        message: 'Give exactly one of savedQueryId, metricQuery (with databaseId) or text',
        path: ['savedQueryId'],
      });
    }
    if (body.metricQuery !== undefined && body.databaseId === undefined) {
      context.addIssue({
        code: 'custom',
        message: 'A metric query needs its databaseId',
        path: ['databaseId'],
      });
    }
    if (body.metricQuery === undefined && body.databaseId !== undefined) {
      context.addIssue({
        code: 'custom',
        message: 'databaseId goes with metricQuery only',
        path: ['databaseId'],
      });
    }
    if (body.text !== undefined && body.chart !== undefined) {
      context.addIssue({ code: 'custom', message: 'A text tile has no chart', path: ['chart'] });
    }
  });
export type AddTileBody = z.infer<typeof addTileBodySchema>;

/** DELETE /api/dashboards/{id}/tiles/{tile}: the dashboard and the tile's id. */
export const tileParamsSchema = z.object({ id: z.string().min(1), tile: z.string().min(1) });

/**
 * One data tile's answer in GET /api/dashboards/{id}/data. `error` is null with the result; the
 * database's message when the SQL failed; `"no access"` (no columns, no rows) when the viewer
 * may not read the tile's database.
 */
/** A business entity a tile reads (its table is named in the tile's SQL), with its data's quality. */
export const tileEntitySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Percent; null when not assessed. */
  qualityScore: z.number().int().nullable(),
  /** Percent; null when not assessed. */
  completeness: z.number().int().nullable(),
  /** Its unresolved data-quality issues. */
  openIssues: z.number().int().nonnegative(),
});
export type TileEntity = z.infer<typeof tileEntitySchema>;

export const tileDataSchema = z.object({
  tileId: z.string(),
  columns: z.array(resultColumnSchema),
  /** Each row's cells in `columns` order, at most the tile's row bound. */
  rows: z.array(resultRowSchema),
  /** Exact when the result fits the bound, else the total when it could be counted, else null. */
  count: z.number().int().nullable(),
  truncated: z.boolean(),
  /** When the rows were computed; null when nothing ran ("no access", a deleted query). */
  computedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** The business entities the tile reads, with their quality; none on a public link. */
  entities: z.array(tileEntitySchema),
});
export type TileData = z.infer<typeof tileDataSchema>;

/** GET /api/dashboards/{id}/data: every query and metric tile's result (text tiles have none). */
export const dashboardDataSchema = z.object({
  dashboardId: z.string(),
  version: z.number().int().positive(),
  tiles: z.array(tileDataSchema),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;
