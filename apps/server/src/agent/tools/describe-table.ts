import type { ColumnInfo } from '@querent/contracts';
import { z } from 'zod';
import { closestTables } from '../result-hints.ts';
import { describeOf, findSchemaTable, tableDescription } from '../schema/schema-tables.ts';
import type { ContextBudget } from '../context-budget.ts';
import type { AgentTool, ToolContext } from './agent-tool.ts';

export const describeTableInput = z.object({
  table: z
    .string()
    .min(1)
    .max(500)
    .describe('The table name as the schema shows it (schema.table or table).'),
  columns: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'Only the columns whose name or description contains one of these words (space-separated); for very wide tables.',
    ),
});

function columnEntry(column: ColumnInfo, descriptionChars: number): Record<string, unknown> {
  const note = column.comment ?? column.dbtDescription;
  return {
    name: column.name,
    type: column.type,
    nullable: column.nullable,
    ...(note ? { description: describeOf(note, Math.min(300, descriptionChars)) } : {}),
  };
}

function matching(columns: readonly ColumnInfo[], words: string | undefined): readonly ColumnInfo[] {
  if (words === undefined) return columns;
  const wanted = words.toLowerCase().split(/\s+/).filter(Boolean);
  return columns.filter((column) => {
    const text = `${column.name} ${column.comment ?? ''} ${column.dbtDescription ?? ''}`.toLowerCase();
    return wanted.some((word) => text.includes(word));
  });
}

/** The table's card, within the budget: the analyst's tool and the MCP server's share it. */
export function describeSchemaTable(
  input: z.output<typeof describeTableInput>,
  context: Pick<ToolContext, 'tables'> & {
    budget: Pick<ContextBudget, 'describeChars' | 'descriptionChars'>;
  },
): Record<string, unknown> {
  const entry = findSchemaTable(context.tables, input.table);
  if (!entry) {
    const close = closestTables(input.table, context.tables);
    return {
      error: `No table named ${input.table}.${close.length > 0 ? ` Did you mean: ${close.join(', ')}?` : ' Use search_schema to find it.'}`,
    };
  }
  const { table } = entry;
  const { describeChars, descriptionChars } = context.budget;
  const head = {
    table: entry.name,
    kind: table.kind,
    rowEstimate: table.rowEstimate,
    description: describeOf(tableDescription(table), descriptionChars),
    ...(table.dbtTests?.length ? { dbtTests: table.dbtTests.slice(0, 50) } : {}),
    primaryKey: table.primaryKey,
    foreignKeys: table.foreignKeys.map(
      (key) =>
        `(${key.columns.join(', ')}) → ${key.references.schema ? `${key.references.schema}.` : ''}${key.references.table}(${key.references.columns.join(', ')})`,
    ),
    referencedBy: entry.referencedBy,
  };
  // The columns fill what the budget leaves after the table's own facts, in their order.
  const candidates = matching(table.columns, input.columns);
  const columns: Record<string, unknown>[] = [];
  let used = JSON.stringify(head).length;
  for (const column of candidates) {
    const shown = columnEntry(column, descriptionChars);
    used += JSON.stringify(shown).length + 1;
    if (used > describeChars && columns.length > 0) break;
    columns.push(shown);
  }
  const left = candidates.length - columns.length;
  return {
    ...head,
    columnCount: table.columns.length,
    columns,
    ...(left > 0
      ? {
          note: `${left} more column${left === 1 ? '' : 's'} not listed to save space: call describe_table again with \`columns\` (words of the names you look for).`,
        }
      : {}),
    ...(input.columns !== undefined && candidates.length === 0
      ? { note: `No column matches "${input.columns}".` }
      : {}),
  };
}

export const describeTableTool: AgentTool<typeof describeTableInput> = {
  name: 'describe_table',
  description:
    'Every column of one table with its type, nullability and description, the dbt tests on it (what must hold), its primary key, its foreign keys and the tables that reference it. A very wide table lists the columns that fit: pass `columns` to find the others.',
  inputSchema: describeTableInput,
  execute(input, context) {
    return Promise.resolve({ output: describeSchemaTable(input, context) });
  },
};
