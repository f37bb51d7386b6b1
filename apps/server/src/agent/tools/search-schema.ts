import { z } from 'zod';
import { rankTables } from '../schema/rank-tables.ts';
import { tableCard } from '../schema/schema-search.ts';
import { searchWords } from '../matching/words.ts';
import type { AgentTool, ToolContext } from './agent-tool.ts';

export const searchSchemaInput = z.object({
  query: z
    .string()
    .max(500)
    .describe('Words to look for in table names, column names and descriptions; empty lists every table.'),
  limit: z.number().int().min(1).max(50).optional().describe('Most tables to return (default 20).'),
});

/** The search itself, over any schema snapshot: the analyst's tool and the MCP server's share it. */
export function searchSchemaTables(
  input: z.output<typeof searchSchemaInput>,
  context: Pick<ToolContext, 'tables' | 'focus' | 'schemaIndex'>,
): Record<string, unknown> {
  const limit = input.limit ?? 20;
  const matches =
    searchWords(input.query).length === 0
      ? rankTables(context.tables, context.focus).map((entry) => ({ entry, columns: [] as string[] }))
      : context.schemaIndex.search(input.query);
  const shown = matches.slice(0, limit);
  return {
    totalTables: context.tables.length,
    matches: matches.length,
    tables: shown.map((match) => tableCard(match.entry, match.columns)),
    ...(matches.length > shown.length
      ? { note: `${matches.length - shown.length} more matched; refine the words or raise the limit.` }
      : {}),
    ...(matches.length === 0 ? { note: 'Nothing matched; try other words or an empty query.' } : {}),
  };
}

export const searchSchemaTool: AgentTool<typeof searchSchemaInput> = {
  name: 'search_schema',
  description:
    "Find tables by the words of a question or concept: table and column names, the database's comments and dbt descriptions count, rare words more than common ones, and tables linked by foreign keys to the matches come along (the tables a join goes through). Use it to find tables the schema summary leaves out, or to see which table holds a concept. An empty query lists the tables, most relevant first.",
  inputSchema: searchSchemaInput,
  execute(input, context) {
    return Promise.resolve({ output: searchSchemaTables(input, context) });
  },
};
