import type { Dataset, Metric, Relationship } from '@querent/contracts';

/*
 * One line saying what a model's item is, shared by the overview and the proposal's review so an
 * item reads the same everywhere: a dataset's table, a join's keys and cardinality, a metric's
 * definition.
 */

/** `main.orders`, `orders`, or `SQL` for a dataset defined by a query. */
export function sourceOf(dataset: Dataset): string {
  if ('sql' in dataset.source) return 'SQL';
  return dataset.source.schema ? `${dataset.source.schema}.${dataset.source.table}` : dataset.source.table;
}

/** `order.customer_id → customer.customer_id`. */
export function joinOf(relationship: Relationship): string {
  const { from, to } = relationship;
  return `${from.dataset}.${from.columns.join(', ')} → ${to.dataset}.${to.columns.join(', ')}`;
}

/** `many to one`, as people say it. */
export function cardinalityOf(relationship: Relationship): string {
  return relationship.cardinality.replaceAll('_', ' ');
}

/** The measure, ratio or expression a metric computes. */
export function definitionOf(metric: Metric): string {
  switch (metric.type) {
    case 'simple':
      return metric.measure;
    case 'ratio':
      return `${metric.numerator} / ${metric.denominator}`;
    case 'derived':
      return metric.expression;
    case 'cumulative':
      return `cumulative ${metric.measure}`;
  }
}
