import { aggregations, metricQuerySchema } from '@querent/contracts';
import { z } from 'zod';
import { previewForModel } from '../result-preview.ts';
import type { AgentTool } from './agent-tool.ts';

const adHocMeasureSchema = z
  .object({
    name: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/)
      .max(64)
      .describe('The name to use for it in the query (metrics, orderBy).'),
    measure: z.string().min(1).describe('The measure, as `dataset.measure` (or `measure` when unique).'),
    aggregation: z.enum(aggregations),
  })
  .strict();

const inputSchema = z.object({
  query: metricQuerySchema.describe(
    'A metric query: metrics (names from list_metrics), dimensions (`dataset.dimension`, a time dimension with its grain), filters ({ dimension, operator, values }; dates as ISO strings), orderBy ({ field, direction }), limit.',
  ),
  measures: z
    .array(adHocMeasureSchema)
    .max(10)
    .optional()
    .describe(
      'Measures to aggregate another way for this query (e.g. max of a price), named for use in `query`.',
    ),
  keys: z
    .array(z.string().min(1).max(64))
    .max(5)
    .optional()
    .describe(
      'Datasets whose rows to group on (e.g. each customer, not each customer name): each adds the dimension `<dataset>_key` over its primary key, for `query.dimensions`.',
    ),
  title: z.string().max(200).optional().describe('A short title for the result table shown to the user.'),
});

/** What the analyst must say when nobody has reviewed the model its figures come from. */
const unreviewedNote =
  'Nobody has reviewed this semantic model yet (modelSource: a proposal, or read from the schema): say so with the figures.';

export const queryMetricsTool: AgentTool<typeof inputSchema> = {
  name: 'query_metrics',
  description:
    'Answer from the semantic model: compile a metric query (names from list_metrics) to SQL for this database and run it. Returns the SQL, columns, true row count and first rows, like run_sql, and what the figures stand on (a certified metric or not). Prefer it to run_sql whenever a metric or measure fits. An unknown or ambiguous name comes back as an error naming the field and the closest valid names.',
  inputSchema,
  async execute(input, context) {
    const compiled = await context.compileMetricQuery({
      query: input.query,
      measures: input.measures ?? [],
      keys: input.keys ?? [],
    });
    if (!compiled.ok) {
      return {
        output: {
          error: compiled.error,
          field: /^(?:query|measures|keys)\b/.test(compiled.field)
            ? compiled.field
            : `query.${compiled.field}`,
          ...(compiled.suggestions.length > 0 ? { suggestions: compiled.suggestions } : {}),
          hint: 'Use names listed by list_metrics, or answer with run_sql when no metric fits.',
        },
      };
    }
    const { sql } = compiled;
    const outcome = await context.runQuery({ sql, title: input.title ?? null, readOnly: true });
    return {
      queryId: outcome.query.id,
      output: {
        sql,
        standsOn: compiled.standsOn,
        modelSource: compiled.modelSource,
        ...(compiled.modelSource === 'saved' ? {} : { modelNote: unreviewedNote }),
        ...previewForModel(outcome, context.budget, { sql, tables: context.tables }),
      },
    };
  },
};
