import { z } from 'zod';
import { columnValuesInput, lookUpColumnValues } from '../../../agent/tools/column-values.ts';
import { AppError } from '../../../errors.ts';
import { boundedLookups } from '../../queries/bounded-lookups.ts';
import { defineTool } from '../mcp-tool.ts';
import { databaseIdInput } from './database-id.ts';
import { readSchemaSnapshot } from './read-schema.ts';

/** A stored value as the database answered it (text, number, boolean, date as text, or null). */
const cell = z.unknown();

const outputSchema = z.looseObject({
  table: z.string(),
  column: z.string(),
  type: z.string(),
  distinctValues: z
    .union([z.number().int(), z.string()])
    .describe('How many distinct values the column has, or "more than 1000" when the scan stopped there.'),
  columns: z.array(z.string()),
  mostFrequent: z.array(z.tuple([cell, z.number()])).describe('[value, rows] pairs, most frequent first.'),
  search: z.string().optional(),
  matches: z
    .array(z.object({ value: cell, rows: z.number(), match: z.string() }))
    .optional()
    .describe('The stored values `search` most likely means, best first.'),
  hint: z.string().optional().describe('How to write the value in SQL, spelled as stored.'),
});

/**
 * The analyst's column_values: a column's distinct values, bounded, read read-only through the one
 * SQL path (purpose `mcp`) over GET /api/databases/{id}/schema's tables; kept in no history.
 */
export const columnValuesTool = defineTool({
  name: 'column_values',
  scope: 'sql:run',
  title: 'Column values',
  description:
    "A column's most frequent distinct values with their row counts (at most 50, and 1000 scanned), and with `search` the stored values a word most likely means (any case or accent, substrings, small misspellings). Call it before filtering on a value a person typed (a country, a status, a name), so the SQL spells it as stored.",
  inputSchema: columnValuesInput.extend({ databaseId: databaseIdInput }),
  outputSchema,
  async run(input, context) {
    const snapshot = await readSchemaSnapshot(context, input.databaseId);
    const lookups = await boundedLookups(context.deps, {
      user: context.user,
      databaseId: input.databaseId,
      signal: context.signal,
      purpose: 'mcp',
    });
    const values = await lookUpColumnValues(input, { tables: snapshot.tables, ...lookups });
    if (!values.ok) {
      // A wrong name is answered with the closest ones; a failing read with the database's message.
      throw new AppError(
        values.field === null ? 'BAD_REQUEST' : 'NOT_FOUND',
        values.error,
        values.field === null ? {} : { field: values.field },
      );
    }
    return outputSchema.parse(values.output);
  },
});
