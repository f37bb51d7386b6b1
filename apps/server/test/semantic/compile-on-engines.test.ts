import type { MetricQueryInput } from '@querent/contracts';
import { metricQuerySchema } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileMetricQuery } from '../../src/semantic/compile-metric-query.ts';
import { type ShopDatabase, shopDuckdb, shopMariadb, shopPostgres, shopSqlite } from './shop-databases.ts';
import { shopModel } from './shop-model.ts';

/*
 * Compiled metric queries run on the four local engines against the shop of shop-databases.ts,
 * whose expected numbers are worked out by hand there.
 */

const engines: { label: string; open: () => Promise<ShopDatabase | null> }[] = [
  { label: 'PostgreSQL', open: shopPostgres },
  { label: 'MariaDB', open: shopMariadb },
  { label: 'SQLite', open: shopSqlite },
  { label: 'DuckDB', open: shopDuckdb },
];

type Cell = string | number | null;

/** Dates as 'YYYY-MM-DD', numbers as numbers (engines return decimals as text), text as is. */
function normalized(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value);
  if (typeof value !== 'string') return JSON.stringify(value);
  const text = value;
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return text.slice(0, 10);
  if (/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text)) return Number(text);
  return text;
}

describe.each(engines)('semantic compiler on $label', ({ open }) => {
  let shop: ShopDatabase | null = null;
  const model = shopModel();

  beforeAll(async () => {
    shop = await open();
  });
  afterAll(async () => {
    await shop?.dispose();
  });

  async function answer(input: MetricQueryInput): Promise<Cell[][]> {
    if (shop === null) return [];
    const compiled = compileMetricQuery(model, metricQuerySchema.parse(input), shop.dialect);
    const rows = await shop.rows(compiled.sql);
    return rows.map((row) => compiled.columns.map((column) => normalized(row[column.name])));
  }

  /** Rows compared with numbers rounded to 4 places, since engines differ in float digits. */
  function rounded(rows: Cell[][]): Cell[][] {
    return rows.map((row) =>
      row.map((cell) => (typeof cell === 'number' ? Math.round(cell * 1e4) / 1e4 : cell)),
    );
  }

  it('sums line revenue by the customer country two joins away', async () => {
    expect(await answer({ metrics: ['revenue'], dimensions: [{ dimension: 'country' }] })).toEqual([
      ['DE', 126],
      ['FR', 178],
    ]);
  });

  it('keeps order-level shipping at its grain next to line-level revenue', async () => {
    // Joining orders to lines first would give FR 10*3 + 5 + 0 = 35 instead of 15.
    expect(
      await answer({
        metrics: ['shipping_total', 'revenue'],
        dimensions: [{ dimension: 'customers.country' }],
      }),
    ).toEqual([
      ['DE', 11, 126],
      ['FR', 15, 178],
    ]);
  });

  it('keeps a dimension value only one dataset has, the other metric NULL', async () => {
    expect(
      await answer({ metrics: ['customer_count', 'order_count'], dimensions: [{ dimension: 'country' }] }),
    ).toEqual([
      ['DE', 1, 2],
      ['FR', 2, 3],
      ['US', 1, null],
    ]);
  });

  it('divides integers of a ratio as fractions, within and across datasets', async () => {
    expect(
      rounded(
        await answer({
          metrics: ['paid_share', 'revenue_per_order'],
          dimensions: [{ dimension: 'country' }],
        }),
      ),
    ).toEqual([
      ['DE', 0.5, 63],
      ['FR', 1, 59.3333],
    ]);
    expect(await answer({ metrics: ['paid_share'] })).toEqual([[0.8]]);
  });

  it('computes derived metrics from their metrics', async () => {
    expect(
      rounded(
        await answer({
          metrics: ['revenue_with_shipping', 'net_per_order'],
          dimensions: [{ dimension: 'country' }],
        }),
      ),
    ).toEqual([
      ['DE', 137, 57.5],
      ['FR', 193, 54.3333],
    ]);
  });

  it('applies a metric filter on a joined dimension before aggregating', async () => {
    expect(await answer({ metrics: ['furniture_revenue'], dimensions: [{ dimension: 'country' }] })).toEqual([
      ['DE', 120],
      ['FR', 160],
    ]);
  });

  it('groups by month, quarter, week (from Monday) and year', async () => {
    const byGrain = (grain: 'month' | 'quarter' | 'week' | 'year') =>
      answer({ metrics: ['order_count'], dimensions: [{ dimension: 'ordered_at', grain }] });
    expect(await byGrain('month')).toEqual([
      ['2024-01-01', 1],
      ['2024-02-01', 2],
      ['2024-04-01', 2],
    ]);
    expect(await byGrain('quarter')).toEqual([
      ['2024-01-01', 3],
      ['2024-04-01', 2],
    ]);
    expect(await byGrain('week')).toEqual([
      ['2024-01-15', 1],
      ['2024-01-29', 1],
      ['2024-02-05', 1],
      ['2024-04-01', 2],
    ]);
    expect(await byGrain('year')).toEqual([['2024-01-01', 5]]);
  });

  it('accumulates over all time, a trailing window and quarter to date, by month', async () => {
    expect(
      await answer({
        metrics: [
          'revenue',
          'running_revenue',
          'revenue_last_3_months',
          'revenue_quarter_to_date',
          'buyers_to_date',
        ],
        dimensions: [{ dimension: 'ordered_at', grain: 'month' }],
      }),
    ).toEqual([
      ['2024-01-01', 123, 123, 123, 123, 1],
      ['2024-02-01', 115, 238, 238, 238, 2],
      ['2024-04-01', 66, 304, 181, 66, 3],
    ]);
  });

  it('filters rows with each operator, strings quoted by the dialect', async () => {
    const count = async (filter: MetricQueryInput['filters']) =>
      (await answer({ metrics: ['order_count'], filters: filter }))[0]?.[0];
    const on = (dimension: string, operator: string, values: (string | number)[] = []) =>
      count([{ dimension, operator: operator as never, values }]);
    expect(await on('status', '=', ['paid'])).toBe(4);
    expect(await on('status', '!=', ['paid'])).toBe(1);
    expect(await on('shipping', '>', [5])).toBe(2);
    expect(await on('shipping', '>=', [5])).toBe(3);
    expect(await on('shipping', '<', [5])).toBe(2);
    expect(await on('shipping', '<=', [5])).toBe(3);
    expect(await on('status', 'in', ['paid', 'refunded'])).toBe(4);
    expect(await on('status', 'not_in', ['paid'])).toBe(1);
    expect(await on('ordered_at', 'between', ['2024-02-01', '2024-02-29'])).toBe(2);
    expect(await on('coupon', 'is_null')).toBe(3);
    expect(await on('coupon', 'is_not_null')).toBe(2);
    expect(await on('coupon', '=', ["it's"])).toBe(1);
    expect(await on('coupon', 'in', ['a\\', "\\' OR 1 = 1 --"])).toBe(0);
    expect(await on('country', '=', ['DE'])).toBe(2);
  });

  it('orders by a metric and limits', async () => {
    expect(
      await answer({
        metrics: ['units'],
        dimensions: [{ dimension: 'product_name' }],
        orderBy: [{ field: 'units', direction: 'desc' }],
        limit: 2,
      }),
    ).toEqual([
      ['Pen', 16],
      ['Lamp', 4],
    ]);
  });

  it('keeps the rows tied with the last one kept when asked to', async () => {
    // DE and US have one customer each: the fewest, together.
    const fewest = {
      metrics: ['customer_count'],
      dimensions: [{ dimension: 'customers.country' }],
      orderBy: [
        { field: 'customer_count', direction: 'asc' as const },
        { field: 'customers.country', direction: 'asc' as const },
      ],
      limit: 1,
    };
    expect(await answer({ ...fewest, ties: true })).toEqual([
      ['DE', 1],
      ['US', 1],
    ]);
    expect(await answer(fewest)).toEqual([['DE', 1]]);
  });

  it('lists dimension values when no metric is asked', async () => {
    expect(await answer({ dimensions: [{ dimension: 'category' }, { dimension: 'country' }] })).toEqual([
      ['furniture', 'DE'],
      ['furniture', 'FR'],
      ['office', 'DE'],
      ['office', 'FR'],
    ]);
  });
});
