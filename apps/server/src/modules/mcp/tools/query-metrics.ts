import { figureStandingSchema, metricQuerySchema, semanticModelSources } from '@querent/contracts';
import { z } from 'zod';
import { AppError } from '../../../errors.ts';
import { runMetricQuery } from '../../semantic-models/run-metric-query.ts';
import { boundedRowsSchema, boundRows } from '../bounded-rows.ts';
import { defineTool } from '../mcp-tool.ts';
import { databaseIdInput } from './database-id.ts';
import { summarizeFigures } from './figure-summary.ts';

const outputSchema = boundedRowsSchema.extend({
  sql: z.string().describe('The SQL the query compiled to, as it ran.'),
  fields: z.array(z.object({ name: z.string(), kind: z.enum(['metric', 'dimension']), label: z.string() })),
  standsOn: z
    .array(figureStandingSchema)
    .describe('What each metric stands on, in the order asked: certified (by whom, when) or not.'),
  summary: z.string().describe('What the figures stand on, in words, to repeat to the person asking.'),
  modelSource: z
    .enum(semanticModelSources)
    .describe(
      'saved: a model people accepted; proposal: proposed and not yet reviewed; schema: proposed from the schema for this answer, kept nowhere.',
    ),
  queryId: z.string().optional().describe("The run's record in the query history."),
});

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
    let result: Awaited<ReturnType<typeof runMetricQuery>>;
    try {
      result = await runMetricQuery(context.deps, {
        user: context.user,
        databaseId: input.databaseId,
        query: input.query,
        signal: context.signal,
        purpose: 'mcp',
      });
    } catch (error) {
      // The use case names the field within the query; the tool's input holds it under `query`.
      if (error instanceof AppError && error.code === 'BAD_REQUEST' && error.field !== undefined) {
        throw new AppError('BAD_REQUEST', error.message, { field: `query.${error.field}` });
      }
      throw error;
    }
    // The model was read once, by the use case, which says where it came from and what each
    // figure stands on, as it does for the API and the analyst.
    return {
      ...boundRows(result),
      sql: result.sql,
      fields: result.fields,
      standsOn: result.standsOn,
      summary: summarizeFigures(result.standsOn, result.modelSource),
      modelSource: result.modelSource,
      ...(result.queryId === undefined ? {} : { queryId: result.queryId }),
    };
  },
});
