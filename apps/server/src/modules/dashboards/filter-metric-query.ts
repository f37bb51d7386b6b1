import type { FilterValue, MetricQuery, SemanticFilter } from '@querent/contracts';
import { dayAfter } from '@querent/contracts';

/** A dashboard filter on a metric tile: conditions on a dimension, checked and compiled by the semantic layer. */
function conditions(dimension: string, value: FilterValue): SemanticFilter[] {
  if (value.kind === 'category') return [{ dimension, operator: 'in', values: value.values }];
  if (value.kind === 'date') {
    const from: SemanticFilter[] =
      value.from === null ? [] : [{ dimension, operator: '>=', values: [value.from] }];
    const to: SemanticFilter[] =
      value.to === null ? [] : [{ dimension, operator: '<', values: [dayAfter(value.to)] }];
    return [...from, ...to];
  }
  const min: SemanticFilter[] =
    value.min === null ? [] : [{ dimension, operator: '>=', values: [value.min] }];
  const max: SemanticFilter[] =
    value.max === null ? [] : [{ dimension, operator: '<=', values: [value.max] }];
  return [...min, ...max];
}

/** The tile's metric query with the dashboard's filters added to its own. */
export function filterMetricQuery(
  query: MetricQuery,
  filters: readonly { dimension: string; value: FilterValue }[],
): MetricQuery {
  if (filters.length === 0) return query;
  return {
    ...query,
    filters: [...query.filters, ...filters.flatMap(({ dimension, value }) => conditions(dimension, value))],
  };
}
