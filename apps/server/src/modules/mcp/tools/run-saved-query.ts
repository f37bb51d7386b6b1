import { z } from 'zod';
import { getSavedQuery } from '../../queries/get-saved-query.ts';
import { runSavedQuery } from '../../queries/run-saved-query.ts';
import { boundedRowsSchema, boundRows } from '../bounded-rows.ts';
import { defineTool } from '../mcp-tool.ts';

const outputSchema = boundedRowsSchema.extend({
  queryId: z.string(),
  title: z.string().nullable(),
  question: z.string().nullable(),
  verified: z.boolean(),
  summary: z.string().describe('What the answer stands on, in words, to repeat to the person asking.'),
});

/** POST /api/query/{id}/run's use case, read-only whatever the caller may do. */
export const runSavedQueryTool = defineTool({
  name: 'run_saved_query',
  scope: 'metrics:run',
  title: 'Run a saved query',
  description:
    'Runs a saved query (id from list_saved_queries) read-only and answers its rows (bounded), and whether it is a verified query: a checked, trusted answer to its question.',
  inputSchema: z.object({
    queryId: z.string().min(1).max(100).describe('The id of a saved query, from list_saved_queries.'),
  }),
  outputSchema,
  async run(input, { deps, user, signal }) {
    // Read first: a query the caller may not see is refused before anything runs.
    const saved = await getSavedQuery(deps, { user, queryId: input.queryId });
    const results = await runSavedQuery(deps, {
      user,
      queryId: input.queryId,
      signal,
      readOnly: true,
      purpose: 'mcp',
    });
    const name = saved.title ?? saved.question ?? saved.id;
    return {
      ...boundRows(results),
      queryId: saved.id,
      title: saved.title,
      question: saved.question,
      verified: saved.verified,
      summary: saved.verified
        ? `This answer stands on the verified query "${name}", checked by its owner.`
        : `This answer stands on the saved query "${name}", which nobody has verified.`,
    };
  },
});
