import { type SemanticModel, type SemanticModelInput, semanticModelSchema } from '@querent/contracts';

/*
 * The semantic model of the small shop in shop-databases.ts: customers place orders, orders have
 * lines, lines name products. Order 1 has three lines, so joining orders to their lines would
 * count its shipping three times.
 */

const column = (name: string) => ({ column: name });

export const shopModelInput: SemanticModelInput = {
  datasets: [
    {
      name: 'customers',
      source: { table: 'customers' },
      primaryKey: ['id'],
      dimensions: [
        { name: 'country', expression: column('country'), type: 'categorical' },
        { name: 'customer_name', expression: column('name'), type: 'categorical' },
      ],
      measures: [{ name: 'customer_count', aggregation: 'count' }],
    },
    {
      name: 'orders',
      source: { table: 'orders' },
      primaryKey: ['id'],
      dimensions: [
        {
          name: 'ordered_at',
          expression: column('ordered_at'),
          type: 'time',
          timeGrains: ['day', 'week', 'month', 'quarter', 'year'],
        },
        { name: 'status', expression: column('status'), type: 'categorical' },
        { name: 'coupon', expression: column('coupon'), type: 'categorical' },
        { name: 'shipping', expression: column('shipping'), type: 'number' },
      ],
      measures: [
        { name: 'order_count', aggregation: 'count' },
        { name: 'shipping_total', aggregation: 'sum', expression: column('shipping') },
        {
          name: 'paid_order_count',
          aggregation: 'count',
          filters: [{ dimension: 'status', operator: '=', values: ['paid'] }],
        },
        { name: 'buyers', aggregation: 'count_distinct', expression: column('customer_id') },
      ],
    },
    {
      name: 'order_lines',
      source: { table: 'order_lines' },
      primaryKey: ['id'],
      dimensions: [{ name: 'quantity', expression: column('quantity'), type: 'number' }],
      measures: [
        { name: 'revenue', aggregation: 'sum', expression: { sql: 'quantity * unit_price' } },
        { name: 'units', aggregation: 'sum', expression: column('quantity') },
      ],
    },
    {
      name: 'products',
      source: { table: 'products' },
      primaryKey: ['id'],
      dimensions: [
        { name: 'category', expression: column('category'), type: 'categorical' },
        { name: 'product_name', expression: column('name'), type: 'categorical' },
      ],
    },
  ],
  relationships: [
    {
      name: 'order_customer',
      from: { dataset: 'orders', columns: ['customer_id'] },
      to: { dataset: 'customers', columns: ['id'] },
      cardinality: 'many_to_one',
    },
    {
      name: 'line_order',
      from: { dataset: 'order_lines', columns: ['order_id'] },
      to: { dataset: 'orders', columns: ['id'] },
      cardinality: 'many_to_one',
    },
    {
      name: 'line_product',
      from: { dataset: 'order_lines', columns: ['product_id'] },
      to: { dataset: 'products', columns: ['id'] },
      cardinality: 'many_to_one',
    },
  ],
  metrics: [
    { name: 'revenue', type: 'simple', measure: 'revenue' },
    { name: 'order_count', type: 'simple', measure: 'orders.order_count' },
    { name: 'paid_order_count', type: 'simple', measure: 'paid_order_count' },
    { name: 'shipping_total', type: 'simple', measure: 'shipping_total' },
    { name: 'customer_count', type: 'simple', measure: 'customer_count' },
    { name: 'units', type: 'simple', measure: 'units' },
    {
      name: 'furniture_revenue',
      type: 'simple',
      measure: 'revenue',
      filters: [{ dimension: 'category', operator: '=', values: ['furniture'] }],
    },
    { name: 'paid_share', type: 'ratio', numerator: 'paid_order_count', denominator: 'order_count' },
    { name: 'revenue_per_order', type: 'ratio', numerator: 'revenue', denominator: 'order_count' },
    { name: 'net_per_order', type: 'derived', expression: '(revenue - shipping_total) / order_count' },
    { name: 'revenue_with_shipping', type: 'derived', expression: 'revenue + shipping_total' },
    { name: 'running_revenue', type: 'cumulative', measure: 'revenue' },
    {
      name: 'revenue_last_3_months',
      type: 'cumulative',
      measure: 'revenue',
      window: { count: 3, grain: 'month' },
    },
    { name: 'revenue_quarter_to_date', type: 'cumulative', measure: 'revenue', grainToDate: 'quarter' },
    { name: 'buyers_to_date', type: 'cumulative', measure: 'buyers' },
  ],
};

export function shopModel(): SemanticModel {
  return semanticModelSchema.parse(shopModelInput);
}
