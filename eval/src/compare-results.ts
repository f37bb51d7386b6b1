/*
 * Whether an answer's result is the reference's, compared as data:
 * - column names are ignored; every column of the reference must be found in the answer (each in
 *   a different column), and the answer may carry more columns;
 * - both have the same number of rows, and the rows match one for one; in order only when the
 *   reference orders and limits (a "top 5"), otherwise in any order;
 * - numbers (also numbers sent as text, such as PostgreSQL's numeric) agree when they differ by at
 *   most 10^-precision; true and false are 1 and 0; text is compared trimmed and exact; NULL only
 *   matches NULL;
 * - in a reference column named for a period (month, year, strftime('%m', …)), a number or short
 *   text matches the answer's period given as its first day: month 12 and '2021-12' match
 *   '2021-12-01', year 2021 matches '2021-01-01'. A reference grouped by strftime('%m') and an
 *   answer grouped by each month's first day name the same months; the other columns still check
 *   what each period holds. Only such columns: elsewhere a count of 5 is not May.
 */

export interface ResultTable {
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
}

export interface Comparison {
  match: boolean;
  /** Why it does not match, in words; empty when it does. */
  reason: string;
}

type Cell = null | number | string;

const numeric = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

export function normalizeCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') return numeric.test(value) ? Number(value) : value.trim();
  return JSON.stringify(value);
}

/** A month's or a year's first day as text: '2021-12-01', also with a midnight time. */
const periodStart = /^(\d{4})-(\d{2})-01(?:[T ]00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?)?$/;

/** Whether `start`, a period's first day, names the period `other` gives as a number or short text. */
function namesPeriod(start: string, other: Cell): boolean {
  const found = periodStart.exec(start);
  if (!found || other === null) return false;
  const [, year, month] = found;
  if (typeof other === 'number') {
    if (Number(month) === other) return true;
    return month === '01' && Number(year) === other;
  }
  return other === `${year}-${month}` || (month === '01' && other === year);
}

/** A reference column whose name says it holds periods. */
const periodColumn = /month|year|%m|%y|period/i;

function sameCell(a: Cell, b: Cell, tolerance: number, period = false): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= tolerance;
  if (a === b) return true;
  if (!period) return false;
  return (typeof a === 'string' && namesPeriod(a, b)) || (typeof b === 'string' && namesPeriod(b, a));
}

/** NULLs first, then numbers, then text: one order for sorting before a pairwise comparison. */
function compareCells(a: Cell, b: Cell): number {
  const rank = (cell: Cell) => (cell === null ? 0 : typeof cell === 'number' ? 1 : 2);
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function compareRows(a: readonly Cell[], b: readonly Cell[]): number {
  for (let index = 0; index < a.length; index += 1) {
    const order = compareCells(a[index] ?? null, b[index] ?? null);
    if (order !== 0) return order;
  }
  return 0;
}

/** `periods[i]`: column i of the reference holds periods. */
const sameRow = (a: readonly Cell[], b: readonly Cell[], tolerance: number, periods: readonly boolean[]) =>
  a.length === b.length &&
  a.every((cell, index) => sameCell(cell, b[index] ?? null, tolerance, periods[index] === true));

function sameValues(
  a: readonly Cell[],
  b: readonly Cell[],
  tolerance: number,
  ordered: boolean,
  period: boolean,
): boolean {
  if (ordered) return a.every((cell, index) => sameCell(cell, b[index] ?? null, tolerance, period));
  const left = [...a].sort(compareCells);
  const right = [...b].sort(compareCells);
  return left.every((cell, index) => sameCell(cell, right[index] ?? null, tolerance, period));
}

function column(rows: readonly Cell[][], index: number): Cell[] {
  return rows.map((row) => row[index] ?? null);
}

const shown = (cells: readonly Cell[]) =>
  cells
    .slice(0, 4)
    .map((cell) => JSON.stringify(cell))
    .join(', ') + (cells.length > 4 ? ', …' : '');

/** Every way to give each reference column its own answer column, lazily. */
function* assignments(candidates: readonly number[][], taken: Set<number> = new Set()): Generator<number[]> {
  if (candidates.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = candidates;
  for (const choice of first ?? []) {
    if (taken.has(choice)) continue;
    taken.add(choice);
    for (const tail of assignments(rest, taken)) yield [choice, ...tail];
    taken.delete(choice);
  }
}

const MAX_ASSIGNMENTS = 1000;

export function compareResults(
  reference: ResultTable,
  answer: ResultTable,
  options: { ordered: boolean; precision: number },
): Comparison {
  const tolerance = 10 ** -options.precision + 1e-9;
  const expected = reference.rows.map((row) => row.map(normalizeCell));
  const actual = answer.rows.map((row) => row.map(normalizeCell));
  if (expected.length !== actual.length) {
    return {
      match: false,
      reason: `the answer has ${actual.length} rows, the reference ${expected.length}`,
    };
  }
  if (answer.columns.length < reference.columns.length) {
    return {
      match: false,
      reason: `the answer has ${answer.columns.length} columns, the reference ${reference.columns.length}`,
    };
  }
  const periods = reference.columns.map((name) => periodColumn.test(name));
  const candidates = reference.columns.map((_, index) =>
    answer.columns
      .map((__, other) => other)
      .filter((other) =>
        sameValues(
          column(expected, index),
          column(actual, other),
          tolerance,
          options.ordered,
          periods[index] === true,
        ),
      ),
  );
  const missing = candidates.findIndex((list) => list.length === 0);
  if (missing !== -1) {
    return {
      match: false,
      reason: `no column of the answer holds the values of the reference's column ${missing + 1} (${shown(column(expected, missing))})`,
    };
  }
  let tried = 0;
  for (const chosen of assignments(candidates)) {
    tried += 1;
    if (tried > MAX_ASSIGNMENTS) break;
    const projected = actual.map((row) => chosen.map((index) => row[index] ?? null));
    if (options.ordered) {
      if (projected.every((row, index) => sameRow(row, expected[index] ?? [], tolerance, periods)))
        return { match: true, reason: '' };
      continue;
    }
    const left = [...expected].sort(compareRows);
    const right = [...projected].sort(compareRows);
    if (left.every((row, index) => sameRow(right[index] ?? [], row, tolerance, periods)))
      return { match: true, reason: '' };
  }
  return {
    match: false,
    reason: options.ordered
      ? 'the columns hold the right values, but not in the reference’s rows or order'
      : 'the columns hold the right values, but not together in the same rows',
  };
}

/** Top-level ORDER BY and LIMIT (or FETCH FIRST): the reference's order is part of its answer. */
export function ordersAndLimits(sql: string): boolean {
  let flat = sql.replace(/'(?:[^']|'')*'/g, "''");
  // Drop parenthesised parts (subqueries, function calls) until only the outer statement is left.
  for (let previous = ''; previous !== flat; ) {
    previous = flat;
    flat = flat.replace(/\([^()]*\)/g, ' ');
  }
  return /\border\s+by\b/i.test(flat) && /\b(limit\s+\d+|fetch\s+first)\b/i.test(flat);
}
