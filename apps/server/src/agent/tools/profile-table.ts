import { z } from 'zod';
import { profileTable } from '../../modules/quality/scan/profile-table.ts';
import { findSchemaTable } from '../schema/schema-tables.ts';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  table: z
    .string()
    .min(1)
    .max(500)
    .describe('The table name as the schema shows it (schema.table or table).'),
});

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);

export const profileTableTool: AgentTool<typeof inputSchema> = {
  name: 'profile_table',
  description:
    'Profile a table in one pass: its row count and, per column, how full it is, how many distinct values, blank texts, the longest text, the newest date, and the values of columns with few of them. Use it before proposing checks.',
  inputSchema,
  async execute(input, context) {
    const entry = findSchemaTable(context.tables, input.table);
    if (!entry) return { output: { error: `No table named ${input.table}. Use search_schema to find it.` } };
    const profile = await profileTable(context.quality, {
      database: context.database,
      actorId: context.ownerId,
      table: { schema: entry.schema, name: entry.table.name },
      info: entry.table,
      signal: context.signal,
    });
    if (profile.error !== null) return { output: { table: entry.name, error: profile.error } };
    return {
      output: {
        table: entry.name,
        rows: profile.rows,
        primaryKey: entry.table.primaryKey,
        columns: profile.columns.map((column) => ({
          name: column.name,
          kind: column.family,
          nullable: column.nullable,
          filledPercent: percent(column.nonNull, profile.rows),
          distinct: column.distinct,
          ...(column.blanks ? { blanks: column.blanks } : {}),
          ...(column.maxLength === null ? {} : { maxLength: column.maxLength }),
          ...(column.latest === null ? {} : { latest: column.latest }),
          ...(column.values ? { values: column.values.sort((a, b) => b.count - a.count).slice(0, 15) } : {}),
        })),
      },
    };
  },
};
