import { z } from 'zod';
import { findSchemaTable } from '../schema/schema-tables.ts';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  name: z.string().trim().min(1).max(200).describe('The business name, singular: "Customer", "Order line".'),
  table: z.string().min(1).max(500).describe('The table or view that holds it, as the schema shows it.'),
  definition: z
    .string()
    .trim()
    .min(3)
    .max(2000)
    .optional()
    .describe('What one of it is, in business words: who or what, when it is made, what it is used for.'),
  key_columns: z
    .array(z.string().min(1))
    .max(10)
    .optional()
    .describe('The columns that identify one of it; the primary key when omitted.'),
});

/** A column of the table as it spells it, whatever the case written; null when absent. */
function columnOf(columns: readonly { name: string }[], written: string): string | null {
  return (
    columns.find((column) => column.name === written)?.name ??
    columns.find((column) => column.name.toLowerCase() === written.toLowerCase())?.name ??
    null
  );
}

export const proposeEntityTool: AgentTool<typeof inputSchema> = {
  name: 'propose_entity',
  description:
    'Create a business entity on a table, or update the one with this name: its definition and its key. The table and columns are checked against the schema. It shows as "Not scanned" until its checks run (propose_checks, then run_checks). You write definitions; you never write scores.',
  inputSchema,
  async execute(input, context) {
    const entry = findSchemaTable(context.tables, input.table);
    if (!entry) return { output: { error: `No table named ${input.table}. Use search_schema to find it.` } };
    const keyColumns: string[] = [];
    for (const written of input.key_columns ?? entry.table.primaryKey) {
      const column = columnOf(entry.table.columns, written);
      if (column === null) return { output: { error: `Column ${written} was not found in ${entry.name}` } };
      keyColumns.push(column);
    }
    return {
      output: await context.quality.proposeEntity({
        name: input.name,
        table: { schema: entry.schema, name: entry.table.name },
        tableRef: entry.name,
        definition: input.definition,
        keyColumns,
      }),
    };
  },
};
