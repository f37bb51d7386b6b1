import { describe, expect, it } from 'vitest';
import { DbtSemanticInputError } from '../../../src/semantic/interchange/dbt-semantic-source.ts';
import { importDbtSemanticLayer } from '../../../src/semantic/interchange/import-dbt-semantic-layer.ts';
import { validateSemanticModel } from '../../../src/semantic/validate-semantic-model.ts';
import { importJaffleYaml, readFixture } from './jaffle-model.ts';

/*
 * dbt's MetricFlow definitions read from a project's YAML (jaffle-sl-template), from the
 * semantic_manifest.json dbt writes, and from manifest.json's keyed objects; what has no
 * equivalent comes back as warnings naming the item.
 */

describe('importDbtSemanticLayer from project YAML', () => {
  const { model, warnings } = importJaffleYaml();

  it('makes a dataset of each semantic model, keyed by its primary entity', () => {
    expect(
      model.datasets.map((dataset) => ({
        name: dataset.name,
        source: dataset.source,
        key: dataset.primaryKey,
      })),
    ).toEqual([
      { name: 'orders', source: { table: 'orders', schema: null }, key: ['order_id'] },
      { name: 'order_item', source: { table: 'order_items', schema: null }, key: ['order_item_id'] },
      { name: 'customers', source: { table: 'customers', schema: null }, key: ['customer_id'] },
    ]);
    const orderedAt = model.datasets[0]?.dimensions.find((dimension) => dimension.name === 'ordered_at');
    expect(orderedAt).toMatchObject({
      type: 'time',
      expression: { sql: 'cast(ordered_at as DATE)' },
      timeGrains: ['day', 'week', 'month', 'quarter', 'year'],
    });
    const average = model.datasets[1]?.measures.find((measure) => measure.name === 'average_revenue');
    expect(average).toMatchObject({ aggregation: 'avg', expression: { column: 'product_price' } });
  });

  it('joins each foreign entity to the semantic model it identifies, many to one', () => {
    expect(model.relationships.map(({ from, to, cardinality }) => ({ from, to, cardinality }))).toEqual([
      {
        from: { dataset: 'orders', columns: ['customer_id'] },
        to: { dataset: 'customers', columns: ['customer_id'] },
        cardinality: 'many_to_one',
      },
      {
        from: { dataset: 'order_item', columns: ['order_id'] },
        to: { dataset: 'orders', columns: ['order_id'] },
        cardinality: 'many_to_one',
      },
    ]);
  });

  it('reads metric filters into structured filters on the dimension they name', () => {
    const byName = new Map(model.metrics.map((metric) => [metric.name, metric]));
    expect(byName.get('large_order')?.filters).toEqual([
      { dimension: 'orders.order_total_dim', operator: '>=', values: [20] },
    ]);
    expect(byName.get('new_customer')?.filters).toEqual([
      { dimension: 'customers.customer_type', operator: '=', values: ['new'] },
    ]);
    expect(byName.get('order_gross_profit')).toMatchObject({
      type: 'derived',
      expression: 'revenue - order_cost',
    });
    expect(byName.get('orders_last_7_days')).toMatchObject({
      type: 'cumulative',
      window: { count: 7, grain: 'day' },
      grainToDate: null,
    });
    expect(byName.get('food_revenue_pct')).toMatchObject({
      type: 'ratio',
      numerator: 'food_revenue',
      denominator: 'revenue',
    });
  });

  it('passes validation and names everything it could not convert', () => {
    expect(validateSemanticModel(model)).toEqual([]);
    expect(warnings.map((warning) => warning.item)).toEqual([
      'semantic_models.order_item.measures.median_revenue',
      'semantic_models.orders.entities.location',
      'semantic_models.order_item.entities.product',
      'metrics.orders_fill_nulls_with_zero',
      'metrics.orders_fill_nulls_with_zero',
      'metrics.revenue',
      'metrics.median_revenue',
      'metrics.revenue_growth_mom',
    ]);
    expect(warnings.find((warning) => warning.item === 'metrics.revenue_growth_mom')?.message).toMatch(
      /offset in time \(1 month\)/,
    );
    expect(warnings[0]?.message).toMatch(/percentile aggregation/);
  });
});

describe('importDbtSemanticLayer from artifacts', () => {
  const manifest = JSON.parse(readFixture('semantic_manifest.json')) as {
    semantic_models: { name: string }[];
    metrics: { name: string }[];
  };

  it('reads semantic_manifest.json: the relation, derived metrics over aliases', () => {
    const { model, warnings } = importDbtSemanticLayer({ artifact: manifest });
    expect(validateSemanticModel(model)).toEqual([]);
    expect(model.datasets[0]).toMatchObject({
      name: 'foto_orders_semantic_model',
      source: { table: 'foto_orders', schema: 'public' },
      primaryKey: ['id'],
    });
    expect(model.metrics.find((metric) => metric.name === 'aov_eur')).toMatchObject({
      type: 'derived',
      expression: 'sum_total_eur / count_orders',
    });
    expect(model.metrics.map((metric) => metric.name)).toEqual([
      'sum_total_eur',
      'sum_total',
      'count_orders',
      'aov_eur',
    ]);
    // Foreign entities whose semantic models the project does not define cannot be joined.
    expect(warnings.map((warning) => warning.item)).toEqual(
      ['agent', 'coupon', 'photographer', 'gallery', 'rate'].map(
        (entity) => `semantic_models.foto_orders_semantic_model.entities.${entity}`,
      ),
    );
  });

  it("reads manifest.json's objects keyed by unique id to the same model", () => {
    const keyed = (items: { name: string }[], kind: string) =>
      Object.fromEntries(items.map((item) => [`${kind}.jaffle_shop.${item.name}`, item]));
    const fromManifest = importDbtSemanticLayer({
      artifact: {
        nodes: {},
        semantic_models: keyed(manifest.semantic_models, 'semantic_model'),
        metrics: keyed(manifest.metrics, 'metric'),
      },
    });
    expect(fromManifest.model).toEqual(importDbtSemanticLayer({ artifact: manifest }).model);
  });

  it('refuses input that is not an artifact, or YAML that does not parse, naming it', () => {
    expect(() => importDbtSemanticLayer({ artifact: [] })).toThrow(DbtSemanticInputError);
    expect(() =>
      importDbtSemanticLayer({ yaml: [{ path: 'models/bad.yml', text: 'metrics: [\n  - name: x' }] }),
    ).toThrow(/^models\/bad\.yml: line 2, column \d+: Not valid YAML/);
  });
});

describe('dbt filters and names', () => {
  const yaml = (metrics: string) => [
    {
      path: 'models/sales.yml',
      text: `
semantic_models:
  - name: Sales Lines
    model: ref('fct_sales')
    defaults: { agg_time_dimension: sold_at }
    entities: [{ name: sale_line, type: primary, expr: line_id }]
    dimensions:
      - { name: region, type: categorical }
      - { name: sold_at, type: time, type_params: { time_granularity: month } }
    measures:
      - { name: amount, agg: sum }
      - { name: paid_lines, agg: sum_boolean, expr: is_paid }
metrics:
${metrics}`,
    },
  ];

  it('reads IN, BETWEEN, IS NULL and metric_time; renames names that are not snake_case', () => {
    const { model, warnings } = importDbtSemanticLayer({
      yaml: yaml(`
  - name: Regional Amount
    type: simple
    type_params: { measure: amount }
    filter:
      - "{{ Dimension('sale_line__region') }} IN ('north', 'south') AND {{ Dimension('sale_line__region') }} IS NOT NULL"
      - "{{ TimeDimension('metric_time', 'month') }} BETWEEN '2024-01-01' AND '2024-06-30'"
  - name: paid
    type: simple
    type_params: { measure: paid_lines }`),
    });
    expect(validateSemanticModel(model)).toEqual([]);
    expect(model.datasets[0]?.name).toBe('sales_lines');
    expect(model.datasets[0]?.dimensions[1]?.timeGrains).toEqual(['month', 'quarter', 'year']);
    expect(model.datasets[0]?.measures[1]?.expression).toEqual({
      sql: 'CASE WHEN is_paid THEN 1 ELSE 0 END',
    });
    expect(model.metrics[0]).toMatchObject({
      name: 'regional_amount',
      filters: [
        { dimension: 'sales_lines.region', operator: 'in', values: ['north', 'south'] },
        { dimension: 'sales_lines.region', operator: 'is_not_null', values: [] },
        { dimension: 'sales_lines.sold_at', operator: 'between', values: ['2024-01-01', '2024-06-30'] },
      ],
    });
    expect(warnings).toEqual([
      { item: 'semantic_models.Sales Lines', message: 'Renamed to sales_lines: names are lower snake_case' },
      { item: 'metrics.Regional Amount', message: 'Renamed to regional_amount: names are lower snake_case' },
    ]);
  });

  it('takes out what the validator refuses, with what stands on it, and says so', () => {
    const { model, warnings } = importDbtSemanticLayer({
      yaml: [
        {
          path: 'models/odd.yml',
          text: `
semantic_models:
  - name: odd
    model: ref('odd')
    entities: [{ name: odd, type: primary, expr: '"odd;id"' }]
    dimensions: [{ name: kind, type: categorical, expr: '"kind;x"' }]
    measures: [{ name: total, agg: sum, expr: amount }]
metrics:
  - name: total
    type: simple
    type_params: { measure: total }
  - name: kind_total
    type: simple
    type_params: { measure: total }
    filter: "{{ Dimension('odd__kind') }} = 'a'"
`,
        },
      ],
    });
    expect(validateSemanticModel(model)).toEqual([]);
    expect(model.datasets[0]?.primaryKey).toEqual([]);
    expect(model.datasets[0]?.dimensions).toEqual([]);
    expect(model.metrics.map((metric) => metric.name)).toEqual(['total']);
    expect(warnings.map((warning) => warning.item)).toEqual([
      'odd.primaryKey',
      'odd.dimensions[0]',
      'metrics.kind_total',
    ]);
  });

  it('refuses a metric whose filter uses OR or SQL, rather than dropping the filter', () => {
    const { model, warnings } = importDbtSemanticLayer({
      yaml: yaml(`
  - name: either
    type: simple
    type_params: { measure: amount }
    filter: "{{ Dimension('sale_line__region') }} = 'north' OR {{ Dimension('sale_line__region') }} = 'south'"
  - name: lowered
    type: simple
    type_params: { measure: amount }
    filter: "lower({{ Dimension('sale_line__region') }}) = 'north'"`),
    });
    expect(model.metrics).toEqual([]);
    expect(warnings.map((warning) => [warning.item, warning.message])).toEqual([
      ['semantic_models.Sales Lines', expect.stringMatching(/Renamed/)],
      ['metrics.either', expect.stringMatching(/OR cannot be written as structured filters/)],
      ['metrics.lowered', expect.stringMatching(/cannot be imported/)],
    ]);
  });
});
