/*
 * What the jaffle-sl-template metrics total over the marts of jaffle-marts.ts, as SQL written by
 * hand for the same number, and how both sides' values are compared. Shared by the converter's
 * engine suite and the API suite that imports the same files through the routes.
 */

/** Each metric asked for alone, against the hand-written SQL of the same total. */
export const jaffleMetricTotals: { metric: string; sql: string }[] = [
  { metric: 'order_total', sql: 'SELECT SUM(order_total) AS v FROM orders' },
  { metric: 'large_order', sql: 'SELECT COUNT(*) AS v FROM orders WHERE order_total >= 20' },
  { metric: 'orders', sql: 'SELECT COUNT(*) AS v FROM orders' },
  { metric: 'orders_fill_nulls_with_zero', sql: 'SELECT COUNT(*) AS v FROM orders' },
  { metric: 'twice_orders_fill_nulls_with_0', sql: 'SELECT 2 * COUNT(*) AS v FROM orders' },
  { metric: 'food_orders', sql: 'SELECT COUNT(*) AS v FROM orders WHERE is_food_order = TRUE' },
  { metric: 'revenue', sql: 'SELECT SUM(product_price) AS v FROM order_items' },
  { metric: 'order_cost', sql: 'SELECT SUM(order_cost) AS v FROM orders' },
  {
    metric: 'food_revenue',
    sql: 'SELECT SUM(CASE WHEN is_food_item = 1 THEN product_price ELSE 0 END) AS v FROM order_items',
  },
  {
    metric: 'food_revenue_pct',
    sql: 'SELECT SUM(CASE WHEN is_food_item = 1 THEN product_price ELSE 0 END) * 1.0 / SUM(product_price) AS v FROM order_items',
  },
  {
    metric: 'order_gross_profit',
    sql: 'SELECT (SELECT SUM(product_price) FROM order_items) - (SELECT SUM(order_cost) FROM orders) AS v',
  },
  { metric: 'customers_with_orders', sql: 'SELECT COUNT(DISTINCT customer_id) AS v FROM orders' },
  {
    metric: 'new_customer',
    sql: `SELECT COUNT(DISTINCT o.customer_id) AS v FROM orders o
            JOIN customers c ON c.customer_id = o.customer_id WHERE c.customer_type = 'new'`,
  },
  { metric: 'average_revenue', sql: 'SELECT AVG(product_price) AS v FROM order_items' },
];

/** Numbers rounded to 4 places (engines return decimals as text or floats), dates as their day. */
export function rounded(value: unknown): number | string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'bigint') return Math.round(Number(value) * 1e4) / 1e4;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return JSON.stringify(value);
  if (/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(value)) return Math.round(Number(value) * 1e4) / 1e4;
  // '2024-01-01 00:00:00' from one engine, '2024-01-01' from another.
  return value.slice(0, 10);
}
