import { z } from 'zod';
import { findSchemaTable } from '../schema/schema-tables.ts';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  table: z
    .string()
    .min(1)
    .max(500)
    .describe('The table name as the schema shows it (schema.table or table).'),
});

export const profileTableTool: AgentTool<typeof inputSchema> = {
  name: 'profile_table',
  description:
    'Profile a table in one pass: its row count and, per column, how full it is, how many distinct values, blank texts, the longest text, the newest date, and the values of columns with few of them. Use it before proposing checks.',
  inputSchema,
  async execute(input, context) {
    const entry = findSchemaTable(context.tables, input.table);
    if (!entry) return { output: { error: `No table named ${input.table}. Use search_schema to find it.` } };
    const profile = await context.quality.profile(
      { schema: entry.schema, name: entry.table.name },
      entry.table,
    );
    return { output: { table: entry.name, primaryKey: entry.table.primaryKey, ...profile } };
  },
};
