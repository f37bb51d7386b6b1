import { semanticModelSchema } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { validateSemanticModel } from '../../src/semantic/validate-semantic-model.ts';
import { shopModel, shopModelInput } from './shop-model.ts';

describe('semantic model validation', () => {
  it('finds nothing wrong with the shop', () => {
    expect(validateSemanticModel(shopModel())).toEqual([]);
  });

  it('returns every broken reference, repeated name, circle and non-column with its path', () => {
    const input = structuredClone(shopModelInput);
    input.relationships = [
      ...(input.relationships ?? []),
      {
        name: 'order_customer',
        from: { dataset: 'orders', columns: ['customer_id)'] },
        to: { dataset: 'shoppers', columns: ['id'] },
        cardinality: 'many_to_one',
      },
    ];
    input.metrics = [
      ...(input.metrics ?? []),
      { name: 'a', type: 'derived', expression: 'b * 2' },
      { name: 'b', type: 'ratio', numerator: 'a', denominator: 'missing' },
      { name: 'c', type: 'simple', measure: 'orders.nothing' },
    ];
    const paths = validateSemanticModel(semanticModelSchema.parse(input)).map((problem) => problem.path);
    const relationship = input.relationships.length - 1;
    const metric = input.metrics.length - 3;
    expect(paths).toEqual(
      expect.arrayContaining([
        `relationships[${relationship}].name`,
        `relationships[${relationship}].from.columns[0]`,
        `relationships[${relationship}].to.dataset`,
        `metrics[${metric + 1}].denominator`,
        `metrics[${metric + 2}].measure`,
        `metrics[${metric}]`,
      ]),
    );
  });
});
