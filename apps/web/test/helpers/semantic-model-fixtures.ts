import type { SemanticModel, SemanticModelState } from '@querent/contracts';

/** A small saved model: one dataset (orders) and two metrics on it, the first certified by Ann Lee. */
export const model: SemanticModel = {
  datasets: [
    {
      name: 'order',
      label: 'Order',
      description: null,
      synonyms: [],
      source: { table: 'orders', schema: 'main' },
      primaryKey: ['order_id'],
      dimensions: [
        {
          name: 'ordered_at',
          label: null,
          description: null,
          synonyms: [],
          expression: { column: 'ordered_at' },
          type: 'time',
          timeGrains: ['day', 'month'],
          sampleValues: [],
        },
      ],
      measures: [
        {
          name: 'order_count',
          label: null,
          description: null,
          synonyms: [],
          aggregation: 'count',
          expression: null,
          filters: [],
        },
      ],
    },
  ],
  relationships: [],
  metrics: [
    {
      name: 'order_count',
      label: 'Orders',
      description: null,
      synonyms: [],
      owner: null,
      filters: [],
      type: 'simple',
      measure: 'order.order_count',
      certified: { by: 'Ann Lee', at: '2026-11-02T10:00:00.000Z' },
    },
    {
      name: 'orders_again',
      label: null,
      description: null,
      synonyms: [],
      owner: null,
      filters: [],
      type: 'simple',
      measure: 'order.order_count',
      certified: null,
    },
  ],
};

/** The page's answer for database d1 at version 3, which anyone may edit; tests override what they look at. */
export function state(overrides: Partial<SemanticModelState> = {}): SemanticModelState {
  return {
    databaseId: 'd1',
    model,
    version: 3,
    updatedAt: '2026-11-02T10:00:00.000Z',
    updatedBy: 'Ann Lee',
    proposal: null,
    abilities: { edit: true, certify: true },
    ...overrides,
  };
}
