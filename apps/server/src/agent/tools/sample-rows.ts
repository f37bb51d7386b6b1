import { z } from 'zod';
import { previewForModel } from '../result-preview.ts';
import { closestTables } from '../result-hints.ts';
import { findSchemaTable, tableSql } from '../schema/schema-tables.ts';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  table: z
    .string()
    .min(1)
    .max(500)
    .describe('The table name as the schema shows it (schema.table or table).'),
  limit: z.number().int().min(1).max(20).optional().describe('How many rows (default 5, at most 20).'),
});

export const sampleRowsTool: AgentTool<typeof inputSchema> = {
  name: 'sample_rows',
  description:
    'A few rows of a table, to see what its values look like (formats, codes, empty columns) before writing SQL.',
  inputSchema,
  async execute(input, context) {
    const entry = findSchemaTable(context.tables, input.table);
    if (!entry) {
      const close = closestTables(input.table, context.tables);
      return {
        output: {
          error: `No table named ${input.table}.${close.length > 0 ? ` Did you mean: ${close.join(', ')}?` : ' Use search_schema to find it.'}`,
        },
      };
    }
    const outcome = await context.runQuery({
      sql: `SELECT * FROM ${tableSql(entry, context.dialect)} LIMIT ${input.limit ?? 5}`,
      title: `Sample of ${entry.name}`,
      readOnly: true,
    });
    return { queryId: outcome.query.id, output: previewForModel(outcome, context.budget) };
  },
};
