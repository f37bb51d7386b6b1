import { z } from 'zod';
import { classifyStatement } from '../../connectors/index.ts';
import { previewForModel } from '../result-preview.ts';
import type { AgentTool, ToolContext, ToolResult } from './agent-tool.ts';
import { verifiedQueryOf } from './verified-match.ts';
import { operationOf } from './write-operation.ts';

const inputSchema = z.object({
  query: z.string().min(1).max(100_000).describe('One SQL statement in the database’s dialect.'),
  title: z.string().max(200).optional().describe('A short title for the result table shown to the user.'),
});

/**
 * A statement that changes data: refused under safe mode (the model is told why), otherwise shown
 * to the user, who confirms or rejects it; either way the model learns what happened.
 */
async function runWrite(
  input: z.output<typeof inputSchema>,
  context: ToolContext,
  reason: string,
): Promise<ToolResult> {
  const title = input.title ?? null;
  if (context.database.safeMode) {
    const refusal = `Safe mode is on for this database: it is read-only, so this statement was not run (${reason}).`;
    const query = await context.recordQueryNotRun({ sql: input.query, reason: refusal });
    return {
      queryId: query.id,
      output: {
        queryId: query.id,
        error: refusal,
        hint: 'Answer with what can be read; changing data needs the database owner to turn safe mode off.',
      },
    };
  }
  const queryId = await context.recordPendingQuery({ sql: input.query, title });
  const decision = await context.confirmWrite({
    queryId,
    sql: input.query,
    operation: operationOf(input.query, context.dialect),
    reason,
  });
  if (decision === 'rejected') {
    await context.recordQueryNotRun({ sql: input.query, queryId, reason: 'Rejected by the user: not run.' });
    return {
      queryId,
      output: {
        queryId,
        rejected: true,
        message:
          'The user rejected this statement, so it was not run. Do not run it again unless they ask; carry on without it.',
      },
    };
  }
  const outcome = await context.runQuery({ sql: input.query, title, readOnly: false, queryId });
  return {
    queryId,
    output: previewForModel(outcome, context.budget, { sql: input.query, tables: context.tables }),
  };
}

export const runSqlTool: AgentTool<typeof inputSchema> = {
  name: 'run_sql',
  description:
    'Run one SQL statement and get its columns, true row count and first rows (at most 20, each an array of cells in the order of the columns). The user sees the result table in the chat; put its `embed` in your answer to show it there. A failing statement returns the database’s error: fix the SQL and try again. Statements that change data wait for the user to confirm them.',
  inputSchema,
  async execute(input, context) {
    const verdict = classifyStatement(input.query, context.dialect);
    if (verdict.kind === 'write' && !verdict.unparsed) return runWrite(input, context, verdict.reason);
    // Reads run read-only, enforced by the database too; text only the engine's own parser
    // understands is tried that way first, and becomes a write only if the engine refuses it.
    const outcome = await context.runQuery({ sql: input.query, title: input.title ?? null, readOnly: true });
    if (verdict.kind === 'write' && outcome.errorKind === 'read_only') {
      return runWrite(input, context, verdict.reason);
    }
    const verified = outcome.query.error === null ? verifiedQueryOf(input.query, context.verified) : null;
    return {
      queryId: outcome.query.id,
      output: {
        ...previewForModel(outcome, context.budget, { sql: input.query, tables: context.tables }),
        // What the answer stands on, as query_metrics says it: a query a person verified.
        ...(verified
          ? { standsOn: [{ kind: 'verified_query', id: verified.id, title: verified.title }] }
          : {}),
      },
    };
  },
};
