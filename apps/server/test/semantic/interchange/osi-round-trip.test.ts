import { type Metric, type SemanticModel, semanticModelSchema } from '@querent/contracts';
import { metricNamesIn, parseMetricExpression } from '../../../src/semantic/metric-expression.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exportOsiYaml } from '../../../src/semantic/interchange/export-osi-yaml.ts';
import { importOsiYaml } from '../../../src/semantic/interchange/import-osi-yaml.ts';
import { OsiInputError } from '../../../src/semantic/interchange/osi-document.ts';
import { validateSemanticModel } from '../../../src/semantic/validate-semantic-model.ts';
import { shopModelInput } from '../shop-model.ts';
import { importJaffleYaml, readFixture } from './jaffle-model.ts';

/*
 * Open Semantic Interchange YAML both ways: a rich model comes back equal through OSI (every
 * metric type, filters, synonyms, sample values, certification), the specification's own example
 * imports and is written back as the same OSI, and bad documents are refused naming the field.
 */

function richModel(): SemanticModel {
  const model = semanticModelSchema.parse(shopModelInput);
  const [customers, orders, lines] = model.datasets;
  if (customers === undefined || orders === undefined || lines === undefined)
    throw new Error('shop model changed');
  customers.label = 'Clients';
  customers.synonyms = ['buyers', 'accounts'];
  customers.source = { table: 'customers', schema: 'sales' };
  customers.dimensions.push({
    name: 'is_vip',
    label: 'VIP',
    description: 'Flagged by the sales team',
    synonyms: ['vip'],
    expression: { sql: "tier = 'gold'" },
    type: 'boolean',
    timeGrains: [],
    sampleValues: [],
  });
  const country = customers.dimensions.find((dimension) => dimension.name === 'country');
  if (country) {
    country.sampleValues = ['FR', 'DE', 'US'];
    country.synonyms = ['nation'];
    country.description = "Where the customer lives, as an ISO code (it's two letters)";
  }
  const orderedAt = orders.dimensions.find((dimension) => dimension.name === 'ordered_at');
  if (orderedAt) orderedAt.timeGrains = ['month', 'quarter', 'year'];
  lines.source = { sql: 'SELECT * FROM order_lines WHERE quantity > 0' };
  lines.measures[0] = {
    ...lines.measures[0],
    label: 'Line revenue',
    synonyms: ['sales'],
  } as (typeof lines.measures)[0];
  model.relationships.push({
    name: 'customer_self',
    from: { dataset: 'customers', columns: ['id'] },
    to: { dataset: 'customers', columns: ['id'] },
    cardinality: 'one_to_one',
    description: 'Each customer is themself',
  });
  const revenue = model.metrics.find((metric) => metric.name === 'revenue');
  if (revenue) {
    revenue.certified = { by: 'ada@example.com', at: '2026-11-01T09:30:00.000Z' };
    revenue.owner = 'Finance';
    revenue.label = 'Revenue';
    revenue.synonyms = ['sales', 'turnover'];
    revenue.description = 'Quantity times unit price, before shipping';
  }
  const paidShare = model.metrics.find((metric) => metric.name === 'paid_share');
  if (paidShare) {
    paidShare.filters = [
      { dimension: 'customers.country', operator: 'in', values: ['FR', 'DE'] },
      { dimension: 'ordered_at', operator: 'between', values: ['2024-01-01', '2024-12-31'] },
      { dimension: 'coupon', operator: 'is_not_null', values: [] },
    ];
  }
  return model;
}

describe('OSI round trip of our own models', () => {
  it('gives back a rich model equal to itself, with no warning', () => {
    const model = richModel();
    expect(validateSemanticModel(model)).toEqual([]);
    const yaml = exportOsiYaml(model, { name: 'shop', description: 'The shop' });
    const back = importOsiYaml(yaml);
    expect(back.warnings).toEqual([]);
    expect(back.model).toEqual(model);
  });

  it('keeps the order of measures and metrics that plain OSI would read in another order', () => {
    const model = semanticModelSchema.parse({
      datasets: [
        {
          name: 'sales',
          source: { table: 'sales' },
          dimensions: [{ name: 'amount', expression: { column: 'amount' }, type: 'number' }],
          measures: [
            { name: 'sum_amount', aggregation: 'sum', expression: { column: 'amount' } },
            { name: 'line_count', aggregation: 'count' },
            { name: 'max_amount', aggregation: 'max', expression: { column: 'amount' } },
          ],
        },
      ],
      metrics: [
        { name: 'share__numerator', type: 'simple', measure: 'sales.max_amount' },
        { name: 'share__denominator', type: 'simple', measure: 'sales.sum_amount' },
        { name: 'share', type: 'ratio', numerator: 'share__numerator', denominator: 'share__denominator' },
        { name: 'total', type: 'simple', measure: 'sales.sum_amount' },
        { name: 'lines', type: 'simple', measure: 'sales.line_count' },
      ],
    });
    expect(validateSemanticModel(model)).toEqual([]);
    expect(importOsiYaml(exportOsiYaml(model)).model).toEqual(model);
  });

  it('gives back any selection and order of the rich model and of the TPC-DS import', () => {
    const tpcds = importOsiYaml(
      readFixture('tpcds_semantic_model.yaml').replace("\n        }'\n", "\n          }'\n"),
    ).model;
    const references = (metric: Metric): string[] => {
      if (metric.type === 'ratio') return [metric.numerator, metric.denominator];
      if (metric.type === 'derived') return metricNamesIn(parseMetricExpression(metric.expression));
      return [];
    };
    const bases = [richModel(), tpcds];
    const selection = fc.record({
      base: fc.nat({ max: bases.length - 1 }),
      metrics: fc.array(fc.nat(), { maxLength: 12 }),
      seed: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
    });
    fc.assert(
      fc.property(selection, ({ base, metrics, seed }) => {
        const model = structuredClone(bases[base] as SemanticModel);
        // Metrics picked with every metric they need, in an order the seed shuffles.
        const byName = new Map(model.metrics.map((metric) => [metric.name, metric]));
        const picked = new Set<string>();
        const pick = (name: string) => {
          if (picked.has(name)) return;
          picked.add(name);
          const metric = byName.get(name);
          if (metric) for (const needed of references(metric)) pick(needed);
        };
        for (const index of metrics) pick(model.metrics[index % model.metrics.length]?.name ?? '');
        const order = (index: number) => seed[index % seed.length] ?? 0;
        model.metrics = model.metrics
          .filter((metric) => picked.has(metric.name))
          .map((metric, index) => ({ metric, key: order(index) }))
          .sort((left, right) => left.key - right.key)
          .map(({ metric }) => metric);
        for (const dataset of model.datasets) {
          dataset.measures = dataset.measures
            .map((measure, index) => ({ measure, key: order(index + 20) }))
            .sort((left, right) => left.key - right.key)
            .map(({ measure }) => measure);
        }
        expect(validateSemanticModel(model)).toEqual([]);
        expect(importOsiYaml(exportOsiYaml(model)).model).toEqual(model);
      }),
      { numRuns: 150 },
    );
  });

  it('gives back the model imported from dbt equal to itself', () => {
    const { model } = importJaffleYaml();
    const back = importOsiYaml(exportOsiYaml(model, { name: 'jaffle_shop' }));
    expect(back.warnings).toEqual([]);
    expect(back.model).toEqual(model);
  });

  it('writes what OSI can say its own way', () => {
    const document = parse(exportOsiYaml(richModel(), { name: 'shop' })) as {
      semantic_model: {
        name: string;
        datasets: {
          name: string;
          source: string;
          primary_key?: string[];
          ai_context?: unknown;
          fields: { name: string; dimension?: unknown }[];
        }[];
        relationships: {
          name: string;
          from: string;
          to: string;
          from_columns: string[];
          to_columns: string[];
        }[];
        metrics: { name: string; expression: { dialects: { dialect: string; expression: string }[] } }[];
      }[];
    };
    const [model] = document.semantic_model;
    expect(model?.name).toBe('shop');
    expect(model?.datasets[0]).toMatchObject({
      name: 'customers',
      source: 'sales.customers',
      primary_key: ['id'],
      ai_context: { synonyms: ['buyers', 'accounts'] },
    });
    expect(model?.datasets[2]?.source).toBe('SELECT * FROM order_lines WHERE quantity > 0');
    expect(model?.datasets[1]?.fields.find((field) => field.name === 'ordered_at')?.dimension).toEqual({
      is_time: true,
    });
    expect(model?.datasets[1]?.fields.find((field) => field.name === 'shipping')?.dimension).toBeUndefined();
    expect(model?.relationships[0]).toEqual({
      name: 'order_customer',
      from: 'orders',
      to: 'customers',
      from_columns: ['customer_id'],
      to_columns: ['id'],
    });
    const sql = new Map(
      model?.metrics.map((metric) => [metric.name, metric.expression.dialects[0]?.expression]),
    );
    expect(sql.get('shipping_total')).toBe('SUM(orders.shipping)');
    expect(sql.get('customer_count')).toBe('COUNT(*)');
    expect(sql.get('furniture_revenue')).toBe(
      "SUM(CASE WHEN products.category = 'furniture' THEN quantity * unit_price END)",
    );
    expect(sql.get('revenue_per_order')).toBe('SUM(quantity * unit_price) / NULLIF(COUNT(*), 0)');
  });
});

describe('OSI round trip of the specification example', () => {
  const published = readFixture('tpcds_semantic_model.yaml');
  // The published file closes its multi-line SALESFORCE extension with `}'` at the indentation
  // of the `data:` key, which YAML 1.2 does not allow (a strict parser stops there); indented two
  // more spaces it reads as its authors meant.
  const example = published.replace("\n        }'\n", "\n          }'\n");

  it('refuses the published file as it is, naming the line YAML stops at', () => {
    expect(example).not.toBe(published);
    expect(() => importOsiYaml(published)).toThrow(/^line 569, column 12: Not valid YAML/);
  });

  it('imports the TPC-DS example into a valid model, naming what it cannot keep', () => {
    const { model, warnings } = importOsiYaml(example);
    expect(validateSemanticModel(model)).toEqual([]);
    expect(model.datasets.map((dataset) => dataset.name)).toEqual([
      'store_sales',
      'date_dim',
      'customer',
      'item',
      'store',
    ]);
    expect(model.datasets[0]).toMatchObject({
      source: { table: 'store_sales', schema: 'public' },
      primaryKey: ['ss_item_sk', 'ss_ticket_number'],
      synonyms: ['sales transactions', 'store purchases', 'retail sales', 'POS data'],
    });
    expect(model.metrics.find((metric) => metric.name === 'store_productivity')).toMatchObject({
      type: 'ratio',
      numerator: 'store_productivity__numerator',
      denominator: 'store_productivity__denominator',
    });
    const sources = [0, 1, 2, 3, 4].map((index) => `semantic_model[0].datasets[${index}].source`);
    const relationships = [0, 1, 2, 3].map((index) => `semantic_model[0].relationships[${index}]`);
    expect(warnings.map((warning) => warning.item)).toEqual([
      'semantic_model[0]',
      'semantic_model[0]',
      'semantic_model[0]',
      ...sources.slice(0, 4),
      'semantic_model[0].datasets[4].unique_keys[0]',
      sources[4],
      ...relationships,
    ]);
    expect(warnings[7]?.message).toBe('Unique keys other than the primary key are not kept');
    expect(warnings[9]?.message).toBe('Its ai_context.synonyms is not kept: relationships have no synonyms');
    expect(warnings).toContainEqual({
      item: 'semantic_model[0]',
      message: 'Its ai_context.instructions is not kept',
    });
    expect(warnings).toContainEqual({
      item: 'semantic_model[0]',
      message: 'Its SALESFORCE extension is not kept',
    });
    expect(warnings).toContainEqual({
      item: 'semantic_model[0].datasets[0].source',
      message: 'The database tpcds is not kept: Querent reads the database its connection opens',
    });
  });

  it('writes it back as the same OSI, less only what the warnings named', () => {
    type Element = Record<string, unknown>;
    const original = parse(example) as { semantic_model: Element[] };
    const imported = importOsiYaml(example);
    expect(imported.name).toBe('tpcds_retail_model');
    const written = parse(
      exportOsiYaml(imported.model, { name: imported.name, description: imported.description ?? undefined }),
    ) as {
      semantic_model: Element[];
    };
    const withoutDropped = (model: Element | undefined) => {
      const copy = structuredClone(model ?? {});
      // What the warnings say is not kept: the model's instructions and vendors' extensions, the
      // database part of a source, relationships' ai_context, unique keys equal to primary keys.
      delete copy.ai_context;
      delete copy.custom_extensions;
      for (const dataset of copy.datasets as Element[]) {
        dataset.source = String(dataset.source).split('.').slice(-2).join('.');
        delete dataset.unique_keys;
      }
      for (const relationship of copy.relationships as Element[]) delete relationship.ai_context;
      // Our division always guards against zero.
      for (const metric of copy.metrics as { expression: { dialects: { expression: string }[] } }[]) {
        for (const dialect of metric.expression.dialects) {
          dialect.expression = dialect.expression.replace(/NULLIF\((.*), 0\)$/, '$1');
        }
      }
      return copy;
    };
    expect(withoutDropped(written.semantic_model[0])).toEqual(withoutDropped(original.semantic_model[0]));
  });

  it('reads it the same after writing it once more', () => {
    const once = importOsiYaml(example).model;
    expect(importOsiYaml(exportOsiYaml(once)).model).toEqual(once);
  });
});

describe('OSI input errors', () => {
  const fieldOf = (text: string) => {
    try {
      importOsiYaml(text);
    } catch (error) {
      if (error instanceof OsiInputError) return error.field;
      throw error;
    }
    throw new Error('No error');
  };

  it('names the line of YAML that does not parse', () => {
    expect(fieldOf('semantic_model:\n  - name: x\n    datasets: [\n')).toMatch(/^line \d+, column \d+$/);
  });

  it('names the path of a missing or mistyped field', () => {
    expect(fieldOf('name: m')).toBe('semantic_model');
    expect(fieldOf('version: 1\nsemantic_model: []')).toBe('version');
    expect(fieldOf('semantic_model:\n  - name: m\n    datasets:\n      - name: d\n')).toBe(
      'semantic_model[0].datasets[0].source',
    );
    expect(
      fieldOf(
        'semantic_model:\n  - name: m\n    datasets:\n      - name: d\n        source: t\n        fields:\n          - name: f\n            expression: f\n',
      ),
    ).toBe('semantic_model[0].datasets[0].fields[0].expression');
  });

  it('names an extension that is not JSON or does not fit', () => {
    const withExtension = (data: string) =>
      `semantic_model:\n  - name: m\n    datasets:\n      - name: d\n        source: t\n        custom_extensions:\n          - vendor_name: COMMON\n            data: '${data}'\n`;
    expect(fieldOf(withExtension('{not json'))).toBe('semantic_model[0].datasets[0].custom_extensions');
    expect(
      fieldOf(withExtension('{"querent": {"measures": [{"name": "Bad Name", "aggregation": "sum"}]}}')),
    ).toBe('semantic_model[0].datasets[0].custom_extensions');
  });

  it('names a reference to a dataset that does not exist', () => {
    expect(
      fieldOf(
        'semantic_model:\n  - name: m\n    datasets:\n      - name: d\n        source: t\n    relationships:\n      - name: r\n        from: d\n        to: nowhere\n        from_columns: [a]\n        to_columns: [b]\n',
      ),
    ).toBe('model.relationships[0].to.dataset');
  });

  it('warns about a metric expression it cannot read instead of guessing', () => {
    const { model, warnings } = importOsiYaml(
      'semantic_model:\n  - name: m\n    datasets:\n      - name: d\n        source: t\n    metrics:\n      - name: p90\n        expression:\n          dialects:\n            - dialect: ANSI_SQL\n              expression: PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY d.x)\n',
    );
    expect(model.metrics).toEqual([]);
    expect(warnings.map((warning) => warning.item)).toEqual(['semantic_model[0].metrics[0]']);
    expect(warnings[0]?.message).toMatch(/^Not imported: its expression PERCENTILE_CONT/);
  });
});
