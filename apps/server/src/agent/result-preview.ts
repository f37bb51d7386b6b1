import { queryReference } from '@querent/contracts';
import type { AgentQueryOutcome } from './agent-port.ts';
import { emptyResultHint, unknownNameHint } from './result-hints.ts';
import type { SchemaTable } from './schema/schema-tables.ts';

/** The model reads at most this much of a result: enough to answer, cheap enough to repeat. */
export const MODEL_ROWS = 20;
export const MODEL_CHARS = 10_000;
const CELL_CHARS = 300;

function shorten(value: unknown): unknown {
  if (typeof value === 'string' && value.length > CELL_CHARS) return `${value.slice(0, CELL_CHARS - 1)}…`;
  if (value !== null && typeof value === 'object') {
    const text = JSON.stringify(value);
    if (text.length > CELL_CHARS) return `${text.slice(0, CELL_CHARS - 1)}…`;
  }
  return value;
}

/**
 * What the model learns from a query: its id (to chart it or show it in the answer), the columns,
 * the true row count and the first rows, at most 20 and 10,000 characters. Like the wire, rows are
 * arrays of cells in the order of `columns`: a header then rows, as a table reads, about half the
 * tokens of keyed objects, and a repeated column name loses nothing. A failure comes back as the
 * database's message so the model can correct its SQL. Given the statement and the schema, a
 * failure on an unknown name comes with the closest names, and an empty result with its likely
 * causes.
 */
export function previewForModel(
  outcome: AgentQueryOutcome,
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
  const rows: unknown[][] = [];
  let used = 2;
  for (const row of (query.rows ?? []).slice(0, MODEL_ROWS)) {
    const shown = row.map(shorten);
    const cost = JSON.stringify(shown).length + 1;
    if (used + cost > MODEL_CHARS) break;
    rows.push(shown);
    used += cost;
  }
  const returned = query.rows?.length ?? 0;
  const total = query.count;
  const empty = grounding ? emptyResultHint(grounding.sql, query.rows ?? [], total) : null;
  return {
    queryId: query.id,
    embed: queryReference(query.id),
    columns: query.columns ?? [],
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
