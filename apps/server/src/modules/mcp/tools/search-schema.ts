import { z } from 'zod';
import { searchSchemaInput, searchSchemaTables } from '../../../agent/tools/search-schema.ts';
import { defineTool } from '../mcp-tool.ts';
import { databaseIdInput } from './database-id.ts';
import { readSchemaSnapshot } from './read-schema.ts';

const outputSchema = z.object({
  totalTables: z.number().int(),
  matches: z.number().int(),
  tables: z.array(z.looseObject({ table: z.string() })),
  note: z.string().optional(),
});

/** The analyst's schema search over GET /api/databases/{id}/schema. */
export const searchSchemaTool = defineTool({
  name: 'search_schema',
  scope: 'metadata:read',
  title: 'Search the schema',
  description:
    "Find a database's tables by the words of a question or concept: table and column names, comments and dbt descriptions count, rare words more than common ones, and tables linked by foreign keys come along. An empty query lists the tables, most relevant first. Then call describe_table for the columns.",
  inputSchema: searchSchemaInput.extend({ databaseId: databaseIdInput }),
  outputSchema,
  async run(input, context) {
    const snapshot = await readSchemaSnapshot(context, input.databaseId);
    const found = searchSchemaTables(input, {
      tables: snapshot.tables,
      focus: new Set<string>(),
      schemaIndex: snapshot.index,
    });
    return outputSchema.parse(found);
  },
});
