import { z } from 'zod';
import type { SqlDialect } from '../../connectors/index.ts';
import { previewForModel } from '../result-preview.ts';
import { findSchemaTable } from '../schema/schema-tables.ts';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  table: z
    .string()
    .min(1)
    .max(500)
    .describe('The table name as the schema shows it (schema.table or table).'),
  limit: z.number().int().min(1).max(20).optional().describe('How many rows (default 5, at most 20).'),
});

function quote(name: string, dialect: SqlDialect): string {
  if (dialect === 'mysql' || dialect === 'bigquery') return `\`${name.replaceAll('`', '``')}\``;
  return `"${name.replaceAll('"', '""')}"`;
}

export const sampleRowsTool: AgentTool<typeof inputSchema> = {
  name: 'sample_rows',
  description:
    'A few rows of a table, to see what its values look like (formats, codes, empty columns) before writing SQL.',
  inputSchema,
  async execute(input, context) {
    const entry = findSchemaTable(context.tables, input.table);
    if (!entry) return { output: { error: `No table named ${input.table}. Use search_schema to find it.` } };
    const qualified = entry.name.includes('.')
      ? `${quote(entry.schema, context.dialect)}.${quote(entry.table.name, context.dialect)}`
      : quote(entry.table.name, context.dialect);
    const outcome = await context.runQuery({
      sql: `SELECT * FROM ${qualified} LIMIT ${input.limit ?? 5}`,
      title: `Sample of ${entry.name}`,
      readOnly: true,
    });
    return { queryId: outcome.query.id, output: previewForModel(outcome) };
  },
};
