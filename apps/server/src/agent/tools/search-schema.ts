import { z } from 'zod';
import { rankTables } from '../schema/rank-tables.ts';
import { searchTables, searchTerms, tableCard } from '../schema/schema-search.ts';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  query: z
    .string()
    .max(500)
    .describe('Words to look for in table names, column names and descriptions; empty lists every table.'),
  limit: z.number().int().min(1).max(50).optional().describe('Most tables to return (default 20).'),
});

export const searchSchemaTool: AgentTool<typeof inputSchema> = {
  name: 'search_schema',
  description:
    'Find tables by words in their name, their columns or their descriptions. Use it to find tables the schema summary leaves out, or to see which table holds a concept. An empty query lists the tables, most relevant first.',
  inputSchema,
  execute(input, context) {
    const limit = input.limit ?? 20;
    const terms = searchTerms(input.query);
    const matches =
      terms.length === 0
        ? rankTables(context.tables, context.focus).map((entry) => ({ entry, columns: [] as string[] }))
        : searchTables(context.tables, terms);
    const shown = matches.slice(0, limit);
    return Promise.resolve({
      output: {
        totalTables: context.tables.length,
        matches: matches.length,
        tables: shown.map((match) => tableCard(match.entry, match.columns)),
        ...(matches.length > shown.length
          ? { note: `${matches.length - shown.length} more matched; refine the words or raise the limit.` }
          : {}),
        ...(matches.length === 0 ? { note: 'Nothing matched; try other words or an empty query.' } : {}),
      },
    });
  },
};
