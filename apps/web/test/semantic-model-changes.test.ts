import type { SemanticModel } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { compareModels } from '../src/features/semantic-model/model-changes.ts';
import { model } from './helpers/semantic-model-fixtures.ts';

const [order] = model.datasets;
const [orderCount, ordersAgain] = model.metrics;
if (!order || !orderCount || !ordersAgain) throw new Error('the fixture model has a dataset and two metrics');

describe('the changes one version made, item by item', () => {
  it('names added, removed and changed items, whatever order their keys come in', () => {
    // The same dataset with its keys in another order is no change.
    const reordered = Object.fromEntries(Object.entries(order).reverse()) as typeof order;
    const after: SemanticModel = {
      datasets: [reordered, { ...order, name: 'customer' }],
      relationships: [],
      metrics: [{ ...orderCount, description: 'Every order placed' }],
    };
    expect(compareModels(model, after)).toEqual({
      datasets: { added: ['customer'], removed: [], changed: [] },
      relationships: { added: [], removed: [], changed: [] },
      metrics: {
        added: [],
        removed: ['orders_again'],
        changed: ['order_count'],
        certified: [],
        uncertified: [],
      },
    });
  });

  it('tells a certification given or withdrawn apart from a change of definition', () => {
    const withdrawn: SemanticModel = {
      ...model,
      metrics: [
        { ...orderCount, certified: null },
        { ...ordersAgain, certified: { by: 'Ben Ode', at: '2026-11-03T10:00:00.000Z' } },
      ],
    };
    expect(compareModels(model, withdrawn).metrics).toEqual({
      added: [],
      removed: [],
      changed: [],
      certified: ['orders_again'],
      uncertified: ['order_count'],
    });
  });

  it('counts everything of the first version as added', () => {
    const changes = compareModels(null, model);
    expect(changes.datasets.added).toEqual(['order']);
    expect(changes.metrics.added).toEqual(['order_count', 'orders_again']);
    expect(changes.metrics.certified).toEqual([]);
  });
});
