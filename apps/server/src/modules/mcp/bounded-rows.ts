import type { ResultColumn, ResultRow } from '@querent/contracts';
import { z } from 'zod';

/** Rows a tool answers at most: a model reads a sample and a count, not a whole table. */
export const MCP_ROWS_SHOWN = 200;
/** Characters of rows a tool answers at most, so a few wide rows cannot flood the model's context. */
export const MCP_ROW_CHARS = 40_000;
/** A longer text cell is cut to this many characters. */
const CELL_CHARS = 1000;

export const boundedRowsSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  rows: z.array(z.array(z.unknown())).describe("Each row's cells in `columns` order."),
  rowsShown: z.number().int(),
  rowCount: z.number().int().nullable().describe('Rows the query returned in all; null when unknown.'),
  truncated: z.boolean().describe('True when some rows (or long cells) are not shown.'),
  note: z.string().optional(),
});
export type BoundedRows = z.infer<typeof boundedRowsSchema>;

function cutCell(cell: unknown): { cell: unknown; cut: boolean } {
  if (typeof cell === 'string' && cell.length > CELL_CHARS) {
    return { cell: `${cell.slice(0, CELL_CHARS)}…`, cut: true };
  }
  return { cell, cut: false };
}

/**
 * A query result as a tool answers it: its first rows within MCP_ROWS_SHOWN and MCP_ROW_CHARS (or
 * the caller's smaller limits), long text cells cut, and a note saying plainly what was left out
 * and how to see the rest.
 */
export function boundRows(
  result: {
    columns: readonly ResultColumn[];
    rows: readonly ResultRow[];
    count: number | null;
    /** The run itself stopped at the row cap (QUERY_ROW_CAP). */
    truncated: boolean;
  },
  /** Smaller bounds for an answer holding several results (ask_analyst's). */
  limits: { rows: number; chars: number } = { rows: MCP_ROWS_SHOWN, chars: MCP_ROW_CHARS },
): BoundedRows {
  const rows: unknown[][] = [];
  let chars = 0;
  let cellsCut = false;
  for (const row of result.rows) {
    if (rows.length >= limits.rows) break;
    const shown: unknown[] = [];
    for (const cell of row) {
      const { cell: kept, cut } = cutCell(cell);
      if (cut) cellsCut = true;
      shown.push(kept);
    }
    chars += JSON.stringify(shown).length + 1;
    if (chars > limits.chars && rows.length > 0) break;
    rows.push(shown);
  }
  const total = result.count ?? (result.truncated ? null : result.rows.length);
  const rowsLeft = rows.length < result.rows.length || result.truncated;
  const notes: string[] = [];
  if (rowsLeft) {
    notes.push(
      `Showing the first ${rows.length} of ${total ?? `more than ${result.rows.length}`} rows; aggregate in SQL (GROUP BY, COUNT, SUM) or add a LIMIT and filters to see what matters.`,
    );
  }
  if (cellsCut) notes.push(`Text cells longer than ${CELL_CHARS} characters are cut, ending in "…".`);
  return {
    columns: result.columns.map((column) => ({ name: column.name, type: column.type })),
    rows,
    rowsShown: rows.length,
    rowCount: total,
    truncated: rowsLeft || cellsCut,
    ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
  };
}
