import { describe, expect, it } from 'vitest';
import { boundRows, MCP_ROW_CHARS, MCP_ROWS_SHOWN } from '../../../src/modules/mcp/bounded-rows.ts';

/* How a tool bounds a result: rows, characters, long cells, and the note that says so. */

const columns = [
  { name: 'id', type: 'integer' },
  { name: 'text', type: 'text' },
];

describe('boundRows', () => {
  it('answers a small result whole, with nothing to note', () => {
    const rows = [
      [1, 'a'],
      [2, 'b'],
    ];
    expect(boundRows({ columns, rows, count: 2, truncated: false })).toEqual({
      columns,
      rows,
      rowsShown: 2,
      rowCount: 2,
      truncated: false,
    });
  });

  it('shows at most MCP_ROWS_SHOWN rows and names the true count', () => {
    const rows = Array.from({ length: MCP_ROWS_SHOWN + 50 }, (_, index) => [index, 'x']);
    const bounded = boundRows({ columns, rows, count: rows.length, truncated: false });
    expect(bounded.rows).toEqual(rows.slice(0, MCP_ROWS_SHOWN));
    expect(bounded).toMatchObject({ rowsShown: MCP_ROWS_SHOWN, rowCount: rows.length, truncated: true });
    expect(bounded.note).toContain(`Showing the first ${MCP_ROWS_SHOWN} of ${rows.length} rows`);
  });

  it('stops at MCP_ROW_CHARS, and cuts long cells saying so', () => {
    const long = 'y'.repeat(5000);
    const rows = Array.from({ length: 100 }, (_, index) => [index, long]);
    const bounded = boundRows({ columns, rows, count: 100, truncated: false });
    expect(JSON.stringify(bounded.rows).length).toBeLessThanOrEqual(MCP_ROW_CHARS);
    expect(bounded.rowsShown).toBeLessThan(100);
    expect(bounded.rowsShown).toBeGreaterThan(0);
    const cell = bounded.rows[0]?.[1];
    expect(typeof cell === 'string' && cell.endsWith('…') && cell.length < long.length).toBe(true);
    expect(bounded.note).toContain('cut');
  });

  it('says the total is unknown when the run stopped at the row cap uncounted', () => {
    const rows = [
      [1, 'a'],
      [2, 'b'],
    ];
    const bounded = boundRows({ columns, rows, count: null, truncated: true });
    expect(bounded).toMatchObject({ rowCount: null, truncated: true, rowsShown: 2 });
    expect(bounded.note).toContain('of more than 2 rows');
  });
});
