import { z } from 'zod';
import { abilitiesSchema } from './abilities.ts';
import { chartTypes } from './chart-types.ts';

/**
 * What a chart stores: the same shape whether the chart builder or the agent's create_chart tool
 * made it, and what the web app turns into an ECharts option. Names are result column names of
 * the chart's query:
 * - `x`: the category (bar, line, area), the label (pie) or the horizontal value (scatter);
 * - `y`: one or more value columns, one series each; a pie takes exactly one;
 * - `series`: optional column whose distinct values split the first `y` into one series each
 *   (long-format data), instead of several `y` columns.
 */
export const chartConfigSchema = z.object({
  type: z.enum(chartTypes),
  x: z.string().min(1),
  y: z.array(z.string().min(1)).min(1).max(20),
  series: z.string().min(1).nullish(),
});
export type ChartConfig = z.infer<typeof chartConfigSchema>;

export const chartSchema = z.object({
  id: z.string(),
  queryId: z.string(),
  title: z.string(),
  config: chartConfigSchema,
  is_favorite: z.boolean(),
  /** Whether the asking user may change or delete it (its owner). */
  editable: z.boolean(),
  abilities: abilitiesSchema,
  /** Shared with the owner's organisation (an upload starts private). */
  shared: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chart = z.infer<typeof chartSchema>;

const chartTitle = z.string().trim().min(1).max(200);

/** POST /api/charts: the config is checked against the columns of the query's result. */
export const createChartBodySchema = z.object({
  queryId: z.string().min(1),
  title: chartTitle,
  config: chartConfigSchema,
});
export type CreateChartBody = z.infer<typeof createChartBodySchema>;

/** PUT /api/charts/{id} */
export const updateChartBodySchema = z
  .object({ title: chartTitle.optional(), config: chartConfigSchema.optional() })
  .refine((body) => body.title !== undefined || body.config !== undefined, {
    message: 'give title, config or both',
  });
export type UpdateChartBody = z.infer<typeof updateChartBodySchema>;
