import { z } from 'zod';
import { chartSchema } from './charts.ts';
import { resultColumnSchema, resultRowSchema, savedQuerySchema } from './queries.ts';

/** PUT /api/query/{id}/favorite and PUT /api/charts/{id}/favorite: a star per user. */
export const favoriteBodySchema = z.object({ is_favorite: z.boolean() });
export type FavoriteBody = z.infer<typeof favoriteBodySchema>;

export const favoriteStateSchema = z.object({ id: z.string(), is_favorite: z.boolean() });
export type FavoriteState = z.infer<typeof favoriteStateSchema>;

/** GET /api/favorites */
export const favoritesQuerySchema = z.object({ contextId: z.string().min(1) });
export type FavoritesQuery = z.infer<typeof favoritesQuerySchema>;

/**
 * The first rows of a query's stored last result: favourites show it without running anything.
 * `count` and `truncated` are the last run's (so `rows` may be fewer than `count`).
 */
export const resultPreviewSchema = z.object({
  rows: z.array(resultRowSchema),
  columns: z.array(resultColumnSchema),
  count: z.number().int().nullable(),
  truncated: z.boolean(),
  ranAt: z.string(),
});
export type ResultPreview = z.infer<typeof resultPreviewSchema>;

/** A starred query with the first 20 rows of its last result; null preview: never ran, or it failed. */
export const favoriteQuerySchema = savedQuerySchema.extend({ preview: resultPreviewSchema.nullable() });
export type FavoriteQuery = z.infer<typeof favoriteQuerySchema>;

/** A starred chart with its query and up to 1,000 rows of that query's last result to draw. */
export const favoriteChartSchema = chartSchema.extend({
  query: z.object({ id: z.string(), title: z.string().nullable(), sql: z.string() }),
  preview: resultPreviewSchema.nullable(),
});
export type FavoriteChart = z.infer<typeof favoriteChartSchema>;

/** The context's (its database's) starred queries and charts, most recently starred first. */
export const favoritesSchema = z.object({
  queries: z.array(favoriteQuerySchema),
  charts: z.array(favoriteChartSchema),
});
export type Favorites = z.infer<typeof favoritesSchema>;
