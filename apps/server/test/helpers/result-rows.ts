import { expect } from 'vitest';

/*
 * Result rows are arrays of cells in the order of the result's columns. Tests read a cell through
 * the column's position in that list, and every helper first checks that each row has exactly one
 * cell per column, so a row that lost or gained a cell fails instead of reading as undefined.
 */

/** Any result: a run, a stored result, a preview, what run_sql showed the model. */
export interface RowsResult {
  columns: readonly (string | { name: string })[];
  rows: readonly (readonly unknown[])[];
}

function nameOf(column: string | { name: string }): string {
  return typeof column === 'string' ? column : column.name;
}

export function columnNames(result: Pick<RowsResult, 'columns'>): string[] {
  return result.columns.map(nameOf);
}

/** Every row is an array as wide as the columns list. */
export function expectRowShape(result: RowsResult): void {
  const width = result.columns.length;
  for (const [index, row] of result.rows.entries()) {
    expect(Array.isArray(row), `row ${index} is an array of cells`).toBe(true);
    expect(row, `row ${index} has one cell per column`).toHaveLength(width);
  }
}

/** The position of the one column of that name; fails when there is none or more than one. */
export function columnIndex(result: Pick<RowsResult, 'columns'>, name: string): number {
  const names = columnNames(result);
  const matches = names.flatMap((candidate, index) => (candidate === name ? [index] : []));
  expect(matches, `exactly one column "${name}" in ${names.join(', ')}`).toHaveLength(1);
  return matches[0] as number;
}

/** The cell of the named column in one row. */
export function cell(result: RowsResult, row: readonly unknown[] | undefined, name: string): unknown {
  expectRowShape(result);
  expect(row, `a row to read "${name}" from`).toBeDefined();
  return row?.[columnIndex(result, name)];
}

/** Every row's cell of the named column, in row order. */
export function columnValues(result: RowsResult, name: string): unknown[] {
  expectRowShape(result);
  const index = columnIndex(result, name);
  return result.rows.map((row) => row[index]);
}

/**
 * The rows keyed by column name, for comparing whole rows with toEqual. Fails on repeated column
 * names (keys would collide) and on rows of the wrong width, so nothing is hidden by keying.
 */
export function keyedRows(result: RowsResult): Record<string, unknown>[] {
  expectRowShape(result);
  const names = columnNames(result);
  expect(new Set(names).size, `unique column names in ${names.join(', ')}`).toBe(names.length);
  return result.rows.map((row) => Object.fromEntries(names.map((name, index) => [name, row[index]])));
}
