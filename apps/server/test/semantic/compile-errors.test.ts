import { type MetricQueryInput, metricQuerySchema, semanticModelSchema } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { compileMetricQuery } from '../../src/semantic/compile-metric-query.ts';
import { SemanticQueryError } from '../../src/semantic/semantic-query-error.ts';
import { shopModel, shopModelInput } from './shop-model.ts';

/* Queries the compiler refuses, each with the field at fault and, for names, what was meant. */

function refusal(input: MetricQueryInput, model = shopModel()): SemanticQueryError {
  try {
    compileMetricQuery(model, metricQuerySchema.parse(input), 'postgres');
  } catch (error) {
    if (error instanceof SemanticQueryError) return error;
    throw error;
  }
  throw new Error('The query compiled');
}

describe('semantic compiler refusals', () => {
  it('names the closest metrics and dimensions to an unknown name', () => {
    const metric = refusal({ metrics: ['revenu'] });
    expect(metric).toMatchObject({ code: 'unknown_name', field: 'metrics[0]' });
    expect(metric.suggestions[0]).toBe('revenue');
    const dimension = refusal({ metrics: ['revenue'], dimensions: [{ dimension: 'contry' }] });
    expect(dimension).toMatchObject({ code: 'unknown_name', field: 'dimensions[0].dimension' });
    expect(dimension.suggestions).toContain('country');
    expect(refusal({ metrics: ['revenue'], orderBy: [{ field: 'revenu' }] })).toMatchObject({
      field: 'orderBy[0].field',
      suggestions: ['revenue'],
    });
  });

  it('refuses order-level shipping by product category, which would count an order once per line', () => {
    const error = refusal({ metrics: ['shipping_total'], dimensions: [{ dimension: 'category' }] });
    expect(error).toMatchObject({ code: 'fan_out', field: 'dimensions[0].dimension' });
    expect(error.message).toContain('orders → order_lines');
  });

  it('lists both paths when two relationships of the same length join the same datasets', () => {
    const input = structuredClone(shopModelInput);
    input.relationships = [
      ...(input.relationships ?? []),
      {
        name: 'order_billed_customer',
        from: { dataset: 'orders', columns: ['billed_customer_id'] },
        to: { dataset: 'customers', columns: ['id'] },
        cardinality: 'many_to_one',
      },
    ];
    const error = refusal(
      { metrics: ['order_count'], dimensions: [{ dimension: 'country' }] },
      semanticModelSchema.parse(input),
    );
    expect(error).toMatchObject({ code: 'ambiguous_join', field: 'dimensions[0].dimension' });
    expect(error.message).toContain('customers (order_customer)');
    expect(error.message).toContain('customers (order_billed_customer)');
  });

  it('names the position of what a derived expression cannot read', () => {
    const input = structuredClone(shopModelInput);
    input.metrics = [...(input.metrics ?? []), { name: 'odd', type: 'derived', expression: 'revenue + ; 1' }];
    const error = refusal({ metrics: ['revenue'] }, semanticModelSchema.parse(input));
    expect(error).toMatchObject({ code: 'invalid_model', field: 'model' });
    expect(error.message).toContain('position 11');
  });

  it('wants a time dimension at a grain for a cumulative metric, and the right number of filter values', () => {
    expect(refusal({ metrics: ['running_revenue'], dimensions: [{ dimension: 'country' }] })).toMatchObject({
      code: 'invalid_query',
      field: 'metrics[0]',
    });
    expect(
      refusal({
        metrics: ['revenue'],
        filters: [{ dimension: 'status', operator: 'between', values: ['a'] }],
      }),
    ).toMatchObject({ code: 'invalid_filter', field: 'filters[0].values' });
  });
});
