import { z } from 'zod';
import { closestTables } from '../result-hints.ts';
import { describeOf, findSchemaTable, tableDescription } from '../schema/schema-tables.ts';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  table: z
    .string()
    .min(1)
    .max(500)
    .describe('The table name as the schema shows it (schema.table or table).'),
});

export const describeTableTool: AgentTool<typeof inputSchema> = {
  name: 'describe_table',
  description:
    'Every column of one table with its type, nullability and description, its primary key, its foreign keys and the tables that reference it.',
  inputSchema,
  execute(input, context) {
    const entry = findSchemaTable(context.tables, input.table);
    if (!entry) {
      const close = closestTables(input.table, context.tables);
      return Promise.resolve({
        output: {
          error: `No table named ${input.table}.${close.length > 0 ? ` Did you mean: ${close.join(', ')}?` : ' Use search_schema to find it.'}`,
        },
      });
    }
    const { table } = entry;
    return Promise.resolve({
      output: {
        table: entry.name,
        kind: table.kind,
        rowEstimate: table.rowEstimate,
        description: describeOf(tableDescription(table), 1000),
        columns: table.columns.map((column) => ({
          name: column.name,
          type: column.type,
          nullable: column.nullable,
          ...(column.comment || column.dbtDescription
            ? { description: describeOf(column.comment ?? column.dbtDescription, 300) }
            : {}),
        })),
        primaryKey: table.primaryKey,
        foreignKeys: table.foreignKeys.map(
          (key) =>
            `(${key.columns.join(', ')}) → ${key.references.schema ? `${key.references.schema}.` : ''}${key.references.table}(${key.references.columns.join(', ')})`,
        ),
        referencedBy: entry.referencedBy,
      },
    });
  },
};
