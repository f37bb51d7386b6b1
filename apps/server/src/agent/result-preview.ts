import { queryReference } from '@querent/contracts';
import type { AgentQueryOutcome } from './agent-port.ts';
import type { ContextBudget } from './context-budget.ts';
import { emptyResultHint, unknownNameHint } from './result-hints.ts';
import type { SchemaTable } from './schema/schema-tables.ts';

type PreviewLimits = Pick<ContextBudget, 'previewRows' | 'previewChars' | 'cellChars'>;

function shorten(value: unknown, cellChars: number): unknown {
  if (typeof value === 'string' && value.length > cellChars) return `${value.slice(0, cellChars - 1)}…`;
  if (value !== null && typeof value === 'object') {
    const text = JSON.stringify(value);
    if (text.length > cellChars) return `${text.slice(0, cellChars - 1)}…`;
  }
  return value;
}

/**
 * What the model learns from a query: its id (to chart it or show it in the answer), the columns,
 * the true row count and the first rows, as many as the context window affords (20 rows and
 * 10,000 characters for a large one). Like the wire, rows are
 * arrays of cells in the order of `columns`: a header then rows, as a table reads, about half the
 * tokens of keyed objects, and a repeated column name loses nothing. A failure comes back as the
 * database's message so the model can correct its SQL. Given the statement and the schema, a
 * failure on an unknown name comes with the closest names, and an empty result with its likely
 * causes.
 */
export function previewForModel(
  outcome: AgentQueryOutcome,
  limits: PreviewLimits,
  grounding?: { sql: string; tables: readonly SchemaTable[] },
): Record<string, unknown> {
  const { query } = outcome;
  if (query.error !== null) {
    const names = grounding ? unknownNameHint(query.error, grounding.sql, grounding.tables) : null;
    return {
      queryId: query.id,
      error: query.error,
      ...(outcome.errorKind === 'sql'
        ? {
            hint: `${names ? `${names} ` : ''}Fix the SQL (check names with describe_table) and run it again.`,
          }
        : {}),
    };
  }
  // A very wide result (SELECT * of a 1,500-column table) shows only the columns that fit in
  // half the budget, so the header alone never fills the model's context.
  const allColumns = query.columns ?? [];
  let columnCount = 0;
  let headerChars = 2;
  for (const column of allColumns) {
    headerChars += JSON.stringify(column).length + 1;
    if (headerChars > limits.previewChars / 2) break;
    columnCount += 1;
  }
  const columns = allColumns.slice(0, columnCount);
  const rows: unknown[][] = [];
  let used = 2;
  for (const row of (query.rows ?? []).slice(0, limits.previewRows)) {
    const shown = row.slice(0, columnCount).map((cell) => shorten(cell, limits.cellChars));
    const cost = JSON.stringify(shown).length + 1;
    if (used + cost > limits.previewChars) break;
    rows.push(shown);
    used += cost;
  }
  const returned = query.rows?.length ?? 0;
  const total = query.count;
  const empty = grounding ? emptyResultHint(grounding.sql, query.rows ?? [], total) : null;
  return {
    queryId: query.id,
    embed: queryReference(query.id),
    columns,
    ...(columns.length < allColumns.length
      ? {
          columnsNote: `Only the first ${columns.length} of ${allColumns.length} columns are shown to you: select the columns you need.`,
        }
      : {}),
    rowCount: total,
    ...(total === null ? { rowCountNote: 'more rows than could be counted in time' } : {}),
    ...(outcome.affectedRows !== null ? { affectedRows: outcome.affectedRows } : {}),
    rowsShown: rows.length,
    rows,
    ...(empty ? { hint: empty } : {}),
    ...(rows.length < (total ?? returned + 1)
      ? {
          note: `Only the first ${rows.length} rows are shown to you; the user sees up to ${returned} in the chat.`,
        }
      : {}),
  };
}
