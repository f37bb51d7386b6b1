import type { SemanticModel } from '@querent/contracts';
import { metricQuerySchema } from '@querent/contracts';
import { z } from 'zod';
import { AppError } from '../../../errors.ts';
import { runMetricQuery } from '../../semantic-models/run-metric-query.ts';
import { boundedRowsSchema, boundRows } from '../bounded-rows.ts';
import { defineTool } from '../mcp-tool.ts';
import { readAnsweringModel } from './answering-model.ts';
import { databaseIdInput } from './database-id.ts';

const standingSchema = z.object({
  metric: z.string(),
  label: z.string().nullable().optional(),
  certified: z
    .object({ by: z.string(), at: z.string() })
    .nullable()
    .describe('Who certified the metric and when; null when nobody has.'),
});

const outputSchema = boundedRowsSchema.extend({
  sql: z.string().describe('The SQL the query compiled to, as it ran.'),
  fields: z.array(z.object({ name: z.string(), kind: z.enum(['metric', 'dimension']), label: z.string() })),
  standsOn: z.array(standingSchema),
  summary: z.string().describe('What the figures stand on, in words, to repeat to the person asking.'),
  modelSource: z.enum(['saved', 'proposal']),
  queryId: z.string().optional().describe("The run's record in the query history."),
});

function standsOn(model: SemanticModel, names: readonly string[]): z.infer<typeof standingSchema>[] {
  return names.map((name) => {
    const metric = model.metrics.find((candidate) => candidate.name === name);
    return {
      metric: name,
      ...(metric ? { label: metric.label } : {}),
      certified: metric?.certified ?? null,
    };
  });
}

function summarize(
  standing: readonly z.infer<typeof standingSchema>[],
  source: 'saved' | 'proposal',
): string {
  const parts = standing.map((entry) =>
    entry.certified
      ? `the certified metric ${entry.metric} (certified by ${entry.certified.by} on ${entry.certified.at.slice(0, 10)})`
      : `the metric ${entry.metric}, not certified`,
  );
  const on =
    parts.length > 0
      ? `These figures stand on ${parts.join(', ')}.`
      : 'These figures list dimension values only.';
  return source === 'proposal' ? `${on} The semantic model is a proposal nobody has reviewed yet.` : on;
}

/** POST /api/databases/{id}/metrics/query's use case: the same SQL, policy and rows. */
export const queryMetricsTool = defineTool({
  name: 'query_metrics',
  scope: 'metrics:run',
  title: 'Query metrics',
  description:
    'Answer from the semantic model: a metric query (names from list_metrics) is compiled to SQL for the database and run read-only. Returns the SQL, the rows (bounded) and what the figures stand on, a certified metric or not. Prefer it to run_sql whenever a metric fits. An unknown name is answered as an error naming the field and the closest valid names.',
  inputSchema: z.object({
    databaseId: databaseIdInput,
    query: metricQuerySchema.describe(
      'metrics (names from list_metrics), dimensions ({ dimension: "dataset.dimension", grain? } with grain day|week|month|quarter|year for a time dimension), filters ({ dimension, operator, values }; dates as ISO strings), orderBy ({ field, direction }), limit.',
    ),
  }),
  outputSchema,
  async run(input, context) {
    const answering = await readAnsweringModel(context, input.databaseId);
    let result: Awaited<ReturnType<typeof runMetricQuery>>;
    try {
      result = await runMetricQuery(context.deps, {
        user: context.user,
        databaseId: input.databaseId,
        query: input.query,
        signal: context.signal,
      });
    } catch (error) {
      // The use case names the field within the query; the tool's input holds it under `query`.
      if (error instanceof AppError && error.code === 'BAD_REQUEST' && error.field !== undefined) {
        throw new AppError('BAD_REQUEST', error.message, { field: `query.${error.field}` });
      }
      throw error;
    }
    const source = answering?.source ?? 'saved';
    const standing = answering ? standsOn(answering.model, input.query.metrics) : [];
    return {
      ...boundRows(result),
      sql: result.sql,
      fields: result.fields,
      standsOn: standing,
      summary: summarize(standing, source),
      modelSource: source,
      ...(result.queryId === undefined ? {} : { queryId: result.queryId }),
    };
  },
});
