import type { ColumnInfo } from '@querent/contracts';
import { columnFamily, quoteLiteral, sqlDialects } from '@querent/contracts';
import { z } from 'zod';
import type { JsonValue } from '../../connectors/index.ts';
import { closestNames } from '../matching/close-names.ts';
import type { ValueCount } from '../matching/fuzzy-values.ts';
import { closestTables } from '../result-hints.ts';
import { matchValues } from '../matching/fuzzy-values.ts';
import { findSchemaTable, quoteName, tableSql } from '../schema/schema-tables.ts';
import type { AgentTool, ToolContext, ToolResult } from './agent-tool.ts';
import { searchValuesSql, topValuesSql } from './column-values-sql.ts';

/** Distinct values read by the first scan; more than this and a search reads its own candidates. */
export const VALUES_SCANNED = 1000;
/** Candidates a search reads when the column has more values than the scan. */
const SEARCH_CANDIDATES = 200;
/** Looking values up is a side step: it gives up well before a real query would. */
export const VALUES_TIME_LIMIT_MS = 15_000;
const MATCHES_SHOWN = 10;

/** column_values' input, the analyst's and the MCP server's. */
export const columnValuesInput = z.object({
  table: z
    .string()
    .min(1)
    .max(500)
    .describe('The table name as the schema shows it (schema.table or table).'),
  column: z.string().min(1).max(500).describe('The column whose values to list.'),
  search: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'A value as the user wrote it ("germany", "Sao Paulo", "jazz"): the stored values it most likely means are returned, spelled as stored.',
    ),
  limit: z.number().int().min(1).max(50).optional().describe('Most frequent values to list (default 20).'),
});

type Input = z.output<typeof columnValuesInput>;

/** What looking values up needs: the schema's tables, the dialect, and a bounded read-only lookup. */
export type ValuesContext = Pick<ToolContext, 'tables' | 'dialect' | 'lookUp'>;

/**
 * The values found, as the model reads them; or why not, with the argument at fault (`table`,
 * `column`) when it was one, so a caller can answer a bad argument as such.
 */
export type ColumnValues =
  | { ok: true; output: Record<string, unknown> }
  | { ok: false; error: string; field: 'table' | 'column' | null };

function refused(error: string, field: 'table' | 'column' | null): ColumnValues {
  return { ok: false, error, field };
}

function countOf(cell: JsonValue | undefined): number {
  const value = Number(cell);
  return Number.isFinite(value) ? value : 0;
}

function valueCounts(rows: readonly JsonValue[][]): ValueCount[] {
  return rows.map((row) => ({ value: row[0] ?? null, count: countOf(row[1]) }));
}

function findColumn(columns: readonly ColumnInfo[], written: string): ColumnInfo | null {
  const cleaned = written.trim().replace(/["`[\]]/g, '');
  return (
    columns.find((column) => column.name === cleaned) ??
    columns.find((column) => column.name.toLowerCase() === cleaned.toLowerCase()) ??
    null
  );
}

/** What the model should write: the stored spelling as an SQL literal, or why nothing matched. */
function searchHint(
  input: Input,
  context: ValuesContext,
  found: ReturnType<typeof matchValues>,
  scannedAll: boolean,
) {
  const searched = input.search ?? '';
  const best = found[0];
  if (!best) {
    return `No stored value resembles "${searched}"${scannedAll ? '' : ` among the ${VALUES_SCANNED} most frequent values or those containing it`}. A filter on it would match nothing: look for the concept in another column (search_schema) or ask the user what they mean.`;
  }
  const literal =
    typeof best.value === 'string'
      ? quoteLiteral(best.value, sqlDialects[context.dialect])
      : JSON.stringify(best.value);
  if (best.match === 'exact') return `"${searched}" is stored exactly so: filter with ${literal}.`;
  return `No value is exactly "${searched}"; the closest stored value is ${literal} (${best.match}). Write values as stored, e.g. = ${literal}, after checking it is what the user means.`;
}

/**
 * A column's most frequent values and, with `search`, the stored values a word most likely means:
 * one bounded read-only scan (and one search of candidates when the column has more values), each
 * through the caller's `lookUp`.
 */
export async function lookUpColumnValues(input: Input, context: ValuesContext): Promise<ColumnValues> {
  const entry = findSchemaTable(context.tables, input.table);
  if (!entry) {
    const close = closestTables(input.table, context.tables);
    return refused(
      `No table named ${input.table}.${close.length > 0 ? ` Did you mean: ${close.join(', ')}?` : ' Use search_schema to find it.'}`,
      'table',
    );
  }
  const column = findColumn(entry.table.columns, input.column);
  if (!column) {
    const close = closestNames(
      input.column,
      entry.table.columns.map((candidate) => candidate.name),
    );
    return refused(
      `${entry.name} has no column ${input.column}.${close.length > 0 ? ` Did you mean: ${close.join(', ')}?` : ' Use describe_table to see its columns.'}`,
      'column',
    );
  }
  const family = columnFamily(column.type);
  if (family === 'other') {
    return refused(
      `${entry.name}.${column.name} is ${column.type}: values are listed for text, numbers, dates and booleans only. Use sample_rows to see it.`,
      'column',
    );
  }
  const names = { table: tableSql(entry, context.dialect), column: quoteName(column.name, context.dialect) };
  const bounds = { timeLimitMs: VALUES_TIME_LIMIT_MS };
  const scan = await context.lookUp({
    sql: topValuesSql({ ...names, limit: VALUES_SCANNED + 1 }),
    rowCap: VALUES_SCANNED + 1,
    ...bounds,
  });
  if (!scan.ok) return refused(scan.error, null);
  const scannedAll = scan.rows.length <= VALUES_SCANNED && !scan.truncated;
  const counted = valueCounts(scan.rows.slice(0, VALUES_SCANNED));
  const limit = input.limit ?? 20;
  const output: Record<string, unknown> = {
    table: entry.name,
    column: column.name,
    type: column.type,
    distinctValues: scannedAll ? counted.length : `more than ${VALUES_SCANNED}`,
    columns: ['value', 'rows'],
    mostFrequent: counted.slice(0, limit).map((value) => [value.value, value.count]),
  };
  if (input.search !== undefined) {
    let candidates = counted;
    if (!scannedAll && family === 'text') {
      const search = await context.lookUp({
        sql: searchValuesSql({
          ...names,
          searched: input.search,
          limit: SEARCH_CANDIDATES,
          dialect: context.dialect,
        }),
        rowCap: SEARCH_CANDIDATES,
        ...bounds,
      });
      if (search.ok) candidates = [...counted, ...valueCounts(search.rows)];
    }
    const unique = new Map(candidates.map((candidate) => [JSON.stringify(candidate.value), candidate]));
    const found = matchValues([...unique.values()], input.search, MATCHES_SHOWN);
    output.search = input.search;
    output.matches = found.map((match) => ({ value: match.value, rows: match.count, match: match.match }));
    output.hint = searchHint(input, context, found, scannedAll);
  }
  return { ok: true, output };
}

export const columnValuesTool: AgentTool<typeof columnValuesInput> = {
  name: 'column_values',
  description:
    "A column's most frequent distinct values with their row counts, and, with `search`, the stored values a word of the question most likely means (any case or accent, whole words, substrings, small misspellings). Call it before filtering on a literal the user typed (a country, a status, a name) so the SQL spells it as stored: 'Germany', not 'germany'.",
  inputSchema: columnValuesInput,
  async execute(input, context): Promise<ToolResult> {
    const values = await lookUpColumnValues(input, context);
    return { output: values.ok ? values.output : { error: values.error } };
  },
};
