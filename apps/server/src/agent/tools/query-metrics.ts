import type { SemanticModel } from '@querent/contracts';
import { metricQuerySchema } from '@querent/contracts';
import { z } from 'zod';
import { compileMetricQuery } from '../../semantic/compile-metric-query.ts';
import { SemanticQueryError } from '../../semantic/semantic-query-error.ts';
import { previewForModel } from '../result-preview.ts';
import { adHocMeasureSchema, withAdHocMeasures } from './ad-hoc-metrics.ts';
import type { AgentTool } from './agent-tool.ts';

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
  title: z.string().max(200).optional().describe('A short title for the result table shown to the user.'),
});

/** What the answer stands on: each metric of the query, certified or not, or a measure. */
function standsOn(model: SemanticModel, names: readonly string[]) {
  return names.map((name) => {
    const metric = model.metrics.find((candidate) => candidate.name === name);
    if (!metric) return { name, kind: 'measure' };
    return {
      name,
      label: metric.label,
      kind: 'metric',
      certified: metric.certified,
    };
  });
}

export const queryMetricsTool: AgentTool<typeof inputSchema> = {
  name: 'query_metrics',
  description:
    'Answer from the semantic model: compile a metric query (names from list_metrics) to SQL for this database and run it. Returns the SQL, columns, true row count and first rows, like run_sql, and what the figures stand on (a certified metric or not). Prefer it to run_sql whenever a metric or measure fits. An unknown or ambiguous name comes back as an error naming the field and the closest valid names.',
  inputSchema,
  async execute(input, context) {
    const model = await context.semanticModel();
    if (!model) return { output: { error: 'This database has no semantic model: answer with run_sql.' } };
    let sql: string;
    try {
      const extended = withAdHocMeasures(model, input.measures ?? []);
      ({ sql } = compileMetricQuery(extended, input.query, context.dialect));
    } catch (error) {
      if (!(error instanceof SemanticQueryError)) throw error;
      return {
        output: {
          error: error.message,
          field: error.field.startsWith('measures') ? error.field : `query.${error.field}`,
          ...(error.suggestions.length > 0 ? { suggestions: error.suggestions } : {}),
          hint: 'Use names listed by list_metrics, or answer with run_sql when no metric fits.',
        },
      };
    }
    const outcome = await context.runQuery({ sql, title: input.title ?? null, readOnly: true });
    return {
      queryId: outcome.query.id,
      output: {
        sql,
        standsOn: standsOn(model, input.query.metrics),
        ...previewForModel(outcome, context.budget, { sql, tables: context.tables }),
      },
    };
  },
};
