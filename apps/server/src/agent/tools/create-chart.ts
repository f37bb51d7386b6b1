import { chartReference, chartTypes } from '@querent/contracts';
import { z } from 'zod';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  queryId: z.string().min(1).describe('The queryId run_sql returned; the chart draws that result.'),
  title: z.string().min(1).max(200),
  type: z.enum(chartTypes),
  x: z
    .string()
    .min(1)
    .describe('Column for the categories (bar, line, area), the labels (pie) or the x values (scatter).'),
  y: z
    .array(z.string().min(1))
    .min(1)
    .max(20)
    .describe('Value columns, one series each; a pie takes exactly one.'),
  series: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Optional column whose values split the single y column into one series each (long-format data).',
    ),
});

export const createChartTool: AgentTool<typeof inputSchema> = {
  name: 'create_chart',
  description:
    'Chart the result of a query you ran, by naming its columns. The chart is checked against the query’s columns and shown to the user; put its `embed` in your answer to show it there. Prefer a chart for trends and comparisons of more than a few values.',
  inputSchema,
  async execute(input, context) {
    const chart = await context.createChart({
      queryId: input.queryId,
      title: input.title,
      config: { type: input.type, x: input.x, y: input.y, ...(input.series ? { series: input.series } : {}) },
    });
    return {
      queryId: chart.queryId,
      chartId: chart.id,
      output: { chartId: chart.id, embed: chartReference(chart.id), title: chart.title },
    };
  },
};
