import { metricQuerySchema, type MetricQueryInput, type SemanticModel } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileMetricQuery } from '../../../src/semantic/compile-metric-query.ts';
import { importDbtSemanticLayer } from '../../../src/semantic/interchange/import-dbt-semantic-layer.ts';
import { validateSemanticModel } from '../../../src/semantic/validate-semantic-model.ts';
import { jaffleDuckdb, type MartDatabase } from './jaffle-marts.ts';
import { importJaffleYaml } from './jaffle-model.ts';

/*
 * dbt's latest Semantic Layer spec (dbt 1.12, Fusion): the jaffle-sl-template's orders and
 * customers written the new way (semantic model on the model, entities and dimensions on
 * columns, simple metrics with agg and expr, a cumulative metric over an input metric). Imported,
 * it must give the numbers the legacy YAML of the template gives, on the same database.
 */

const latestSpec = `
models:
  - name: orders
    semantic_model:
      enabled: true
    agg_time_dimension: ordered_at
    columns:
      - name: order_id
        entity: primary
      - name: customer_id
        entity: { type: foreign, name: customer }
      - name: is_food_order
        dimension: categorical
    derived_semantics:
      dimensions:
        - name: ordered_at
          type: time
          expr: cast(ordered_at as DATE)
          granularity: day
        - name: order_total_dim
          type: categorical
          expr: order_total
    metrics:
      - name: order_total
        type: simple
        agg: sum
        expr: order_total
      - name: orders
        type: simple
        agg: sum
        expr: 1
      - name: large_order
        type: simple
        agg: sum
        expr: 1
        filter: "{{ Dimension('order_id__order_total_dim') }} >= 20"
      - name: customers_with_orders
        type: simple
        agg: count_distinct
        expr: customer_id
      - name: orders_last_7_days
        type: cumulative
        input_metric: orders
        window: 7 days
  - name: customers
    semantic_model:
      enabled: true
    columns:
      - name: customer_id
        entity: { type: primary, name: customer }
      - name: customer_type
        dimension: { type: categorical }
metrics:
  - name: new_customer
    type: ratio
    numerator:
      name: customers_with_orders
      filter: "{{ Dimension('customer__customer_type') }} = 'new'"
    denominator: customers_with_orders
  - name: twice_orders
    type: derived
    expr: 2 * o
    input_metrics:
      - name: orders
        alias: o
`;

describe('importDbtSemanticLayer from the latest YAML spec', () => {
  const { model, warnings } = importDbtSemanticLayer({
    yaml: [{ path: 'models/marts.yml', text: latestSpec }],
  });
  const legacy = importJaffleYaml().model;
  let database: MartDatabase | null = null;

  beforeAll(async () => {
    database = await jaffleDuckdb();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function answer(from: SemanticModel, input: MetricQueryInput): Promise<unknown[][]> {
    if (database === null) throw new Error('No database');
    const compiled = compileMetricQuery(from, metricQuerySchema.parse(input), database.dialect);
    const rows = await database.rows(compiled.sql);
    return rows.map((row) => compiled.columns.map((column) => String(row[column.name])));
  }

  it('reads entities and dimensions from columns and simple metrics as their own measures', () => {
    expect(warnings).toEqual([]);
    expect(validateSemanticModel(model)).toEqual([]);
    expect(model.datasets.map((dataset) => [dataset.name, dataset.primaryKey])).toEqual([
      ['orders', ['order_id']],
      ['customers', ['customer_id']],
    ]);
    expect(model.relationships).toMatchObject([
      {
        from: { dataset: 'orders', columns: ['customer_id'] },
        to: { dataset: 'customers', columns: ['customer_id'] },
      },
    ]);
    expect(model.metrics.find((metric) => metric.name === 'orders_last_7_days')).toMatchObject({
      type: 'cumulative',
      measure: 'orders.orders',
      window: { count: 7, grain: 'day' },
    });
    expect(model.metrics.find((metric) => metric.name === 'new_customer')).toMatchObject({
      type: 'ratio',
      numerator: 'new_customer__customers_with_orders',
      denominator: 'customers_with_orders',
    });
  });

  it.each([
    ['order_total', 'order_total'],
    ['orders', 'orders'],
    ['large_order', 'large_order'],
    ['twice_orders', 'twice_orders_fill_nulls_with_0'],
  ])('answers %s as the legacy spec answers %s', async (latest, old) => {
    expect(await answer(model, { metrics: [latest] })).toEqual(await answer(legacy, { metrics: [old] }));
  });

  it('answers the filtered ratio and the cumulative metric as the legacy spec does', async () => {
    const [[ratio]] = (await answer(model, { metrics: ['new_customer'] })) as [[string]];
    const [[newCustomers]] = (await answer(legacy, { metrics: ['new_customer'] })) as [[string]];
    const [[withOrders]] = (await answer(legacy, { metrics: ['customers_with_orders'] })) as [[string]];
    expect(Number(ratio)).toBeCloseTo(Number(newCustomers) / Number(withOrders), 10);
    const byDay = { dimensions: [{ dimension: 'orders.ordered_at', grain: 'day' as const }] };
    expect(await answer(model, { metrics: ['orders_last_7_days'], ...byDay })).toEqual(
      await answer(legacy, { metrics: ['orders_last_7_days'], ...byDay }),
    );
  });
});
