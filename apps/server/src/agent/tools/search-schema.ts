import { z } from 'zod';
import { rankTables } from '../schema/rank-tables.ts';
import { tableCard } from '../schema/schema-search.ts';
import { searchWords } from '../matching/words.ts';
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
    "Find tables by the words of a question or concept: table and column names, the database's comments and dbt descriptions count, rare words more than common ones, and tables linked by foreign keys to the matches come along (the tables a join goes through). Use it to find tables the schema summary leaves out, or to see which table holds a concept. An empty query lists the tables, most relevant first.",
  inputSchema,
  execute(input, context) {
    const limit = input.limit ?? 20;
    const matches =
      searchWords(input.query).length === 0
        ? rankTables(context.tables, context.focus).map((entry) => ({ entry, columns: [] as string[] }))
        : context.schemaIndex.search(input.query);
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
