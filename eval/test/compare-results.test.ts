import { describe, expect, it } from 'vitest';
import { compareResults, ordersAndLimits } from '../src/compare-results.ts';

/* The comparison rule of the harness, case by case: what counts as the same answer and what does not. */

const table = (columns: string[], rows: unknown[][]) => ({ columns, rows });
const unordered = { ordered: false, precision: 2 };
const ordered = { ordered: true, precision: 2 };

describe('comparing results as data', () => {
  it('ignores column names and column order', () => {
    const reference = table(
      ['name', 'total'],
      [
        ['a', 1],
        ['b', 2],
      ],
    );
    const answer = table(
      ['sum_total', 'label'],
      [
        [2, 'b'],
        [1, 'a'],
      ],
    );
    expect(compareResults(reference, answer, unordered).match).toBe(true);
  });

  it('lets the answer carry more columns, never fewer', () => {
    const reference = table(['n'], [[5]]);
    expect(compareResults(reference, table(['id', 'n', 'note'], [[1, 5, 'x']]), unordered).match).toBe(true);
    const verdict = compareResults(table(['a', 'b'], [[1, 2]]), table(['a'], [[1]]), unordered);
    expect(verdict).toEqual({ match: false, reason: 'the answer has 1 columns, the reference 2' });
  });

  it('keeps each row together: right values in the wrong rows do not match', () => {
    const reference = table(
      ['k', 'v'],
      [
        ['a', 1],
        ['b', 2],
      ],
    );
    const swapped = table(
      ['k', 'v'],
      [
        ['a', 2],
        ['b', 1],
      ],
    );
    expect(compareResults(reference, swapped, unordered).match).toBe(false);
  });

  it('compares numbers to the stated precision, and numbers sent as text as numbers', () => {
    const reference = table(['v'], [[10.004]]);
    expect(compareResults(reference, table(['v'], [['10.0']]), unordered).match).toBe(true);
    expect(compareResults(reference, table(['v'], [[10.02]]), unordered).match).toBe(false);
    expect(compareResults(reference, table(['v'], [[10.02]]), { ordered: false, precision: 1 }).match).toBe(
      true,
    );
  });

  it('reads true and false as 1 and 0, and NULL only as NULL', () => {
    expect(compareResults(table(['b'], [[1], [0]]), table(['b'], [[false], [true]]), unordered).match).toBe(
      true,
    );
    expect(compareResults(table(['x'], [[null]]), table(['x'], [[0]]), unordered).match).toBe(false);
    expect(compareResults(table(['x'], [[null]]), table(['x'], [[null]]), unordered).match).toBe(true);
  });

  it('needs the same number of rows', () => {
    const verdict = compareResults(table(['n'], [[1], [2]]), table(['n'], [[1]]), unordered);
    expect(verdict).toEqual({ match: false, reason: 'the answer has 1 rows, the reference 2' });
  });

  it('compares in order only when told to', () => {
    const reference = table(['n'], [[3], [2], [1]]);
    const reversed = table(['n'], [[1], [2], [3]]);
    expect(compareResults(reference, reversed, unordered).match).toBe(true);
    expect(compareResults(reference, reversed, ordered).match).toBe(false);
    expect(compareResults(reference, table(['n'], [[3], [2], [1]]), ordered).match).toBe(true);
  });

  it('says which reference column it could not find', () => {
    const verdict = compareResults(table(['a', 'b'], [['x', 1]]), table(['a', 'b'], [['x', 9]]), unordered);
    expect(verdict.reason).toBe("no column of the answer holds the values of the reference's column 2 (1)");
  });

  it('reads a period given by its first day as the month or year a reference column names', () => {
    const byMonthNumber = table(
      ['month', 'orders'],
      [
        [11, 40],
        [12, 52],
      ],
    );
    const byFirstDay = table(
      ['month', 'orders'],
      [
        ['2021-11-01', 40],
        ['2021-12-01', 52],
      ],
    );
    expect(compareResults(byMonthNumber, byFirstDay, unordered).match).toBe(true);
    expect(
      compareResults(
        table(["strftime('%Y-%m', d)"], [['2021-12']]),
        table(['m'], [['2021-12-01']]),
        unordered,
      ).match,
    ).toBe(true);
    expect(compareResults(table(['year'], [[2021]]), table(['y'], [['2021-01-01']]), unordered).match).toBe(
      true,
    );
    // The months must be the same ones, and only a period's first day names it.
    expect(
      compareResults(
        byMonthNumber,
        table(
          ['m', 'n'],
          [
            ['2021-10-01', 40],
            ['2021-12-01', 52],
          ],
        ),
        unordered,
      ).match,
    ).toBe(false);
    expect(compareResults(table(['month'], [[12]]), table(['m'], [['2021-12-15']]), unordered).match).toBe(
      false,
    );
    expect(compareResults(table(['year'], [[2021]]), table(['y'], [['2021-03-01']]), unordered).match).toBe(
      false,
    );
  });

  it('never reads a number as a period outside a column named for one: a count of 5 is not May', () => {
    const verdict = compareResults(
      table(['orders'], [[5]]),
      table(['month', 'orders'], [['2021-05-01', 17]]),
      unordered,
    );
    expect(verdict.match).toBe(false);
  });

  it('gives two reference columns with the same values two answer columns', () => {
    const reference = table(['a', 'b'], [[1, 1]]);
    expect(compareResults(reference, table(['a'], [[1]]), unordered).match).toBe(false);
    expect(compareResults(reference, table(['x', 'y'], [[1, 1]]), unordered).match).toBe(true);
  });
});

describe('whether the reference orders its rows', () => {
  it('orders when its outer statement both orders and limits', () => {
    expect(ordersAndLimits('SELECT name FROM t ORDER BY total DESC LIMIT 5')).toBe(true);
    expect(ordersAndLimits('SELECT name FROM t ORDER BY total DESC')).toBe(false);
    expect(ordersAndLimits('SELECT * FROM t LIMIT 5')).toBe(false);
    expect(ordersAndLimits('SELECT * FROM (SELECT a FROM t ORDER BY a LIMIT 3) AS s')).toBe(false);
    expect(ordersAndLimits("SELECT 'ORDER BY x LIMIT 1' AS text FROM t")).toBe(false);
  });
});
