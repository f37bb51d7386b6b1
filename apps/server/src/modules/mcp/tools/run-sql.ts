import { z } from 'zod';
import { runQuery } from '../../queries/run-query.ts';
import { boundedRowsSchema, boundRows } from '../bounded-rows.ts';
import { defineTool } from '../mcp-tool.ts';
import { databaseIdInput } from './database-id.ts';

const outputSchema = boundedRowsSchema.extend({
  queryId: z.string().optional().describe("The run's record in your query history."),
  durationMs: z.number(),
});

/**
 * POST /api/query/_run's use case, always read-only: the database itself refuses a write (a
 * read-only transaction or handle), and safe mode, the row cap, the timeout and the query
 * history are the editor's.
 */
export const runSqlTool = defineTool({
  name: 'run_sql',
  scope: 'sql:run',
  title: 'Run read-only SQL',
  description:
    "Runs one read-only SQL statement on a database, in its own dialect, and answers the columns, the row count and the first rows (bounded). Writes are refused by the database. Look tables up with search_schema and describe_table first; prefer query_metrics when a metric fits. A failing statement is answered with the database's own message: correct the SQL and try again.",
  inputSchema: z.object({
    databaseId: databaseIdInput,
    sql: z.string().trim().min(1).max(100_000).describe('One SQL statement (SELECT, WITH, SHOW...).'),
  }),
  outputSchema,
  async run(input, { deps, user, signal }) {
    const results = await runQuery(deps, {
      user,
      databaseId: input.databaseId,
      sql: input.sql,
      signal,
      readOnly: true,
      purpose: 'mcp',
    });
    return {
      ...boundRows(results),
      queryId: results.queryId,
      durationMs: results.durationMs,
    };
  },
});
