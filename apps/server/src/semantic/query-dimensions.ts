import type { MetricQuery, TimeGrain } from '@querent/contracts';
import { splitWords } from '../text/words.ts';
import type { DimensionRef, ModelNames } from './model-names.ts';
import { SemanticQueryError } from './semantic-query-error.ts';

/*
 * The dimensions a query groups by, resolved, each with the column name and label it answers
 * under: the dimension's name, with its grain after two underscores when grouped by one
 * (order_date__month), and its dataset before it when two datasets' dimensions share a name.
 */

export interface QueryDimension {
  ref: DimensionRef;
  grain: TimeGrain | null;
  /** Its column in the aggregates: g0, g1… */
  alias: string;
  /** Its column in the result. */
  column: string;
  label: string;
  /** How the query wrote it, for orderBy. */
  written: string;
  field: string;
}

/** "order_date" → "Order date": what a name reads as when the model gives no label. */
export function labelOf(described: { name: string; label: string | null }): string {
  if (described.label !== null) return described.label;
  const words = splitWords(described.name).join(' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function resolveQueryDimensions(names: ModelNames, query: MetricQuery): QueryDimension[] {
  const resolved = query.dimensions.map((entry, index) => {
    const field = `dimensions[${index}]`;
    const ref = names.dimension(entry.dimension, `${field}.dimension`);
    const grain = entry.grain ?? null;
    if (grain !== null && ref.dimension.type !== 'time') {
      throw new SemanticQueryError(
        'invalid_query',
        `${field}.grain`,
        `${ref.key} is a ${ref.dimension.type} dimension; only time dimensions take a grain`,
      );
    }
    const allowed = ref.dimension.timeGrains;
    if (grain !== null && allowed.length > 0 && !allowed.includes(grain)) {
      throw new SemanticQueryError(
        'invalid_query',
        `${field}.grain`,
        `${ref.key} is grouped by ${allowed.join(', ')}, not by ${grain}`,
      );
    }
    const base = grain === null ? ref.dimension.name : `${ref.dimension.name}__${grain}`;
    const label = labelOf(ref.dimension);
    return {
      ref,
      grain,
      alias: `g${index}`,
      column: base,
      label: grain === null ? label : `${label} (${grain})`,
      written: entry.dimension,
      field,
    };
  });
  for (const dimension of resolved) {
    if (resolved.filter((other) => other.column === dimension.column).length > 1) {
      dimension.column = `${dimension.ref.dataset.name}__${dimension.column}`;
    }
  }
  const seen = new Set<string>();
  for (const dimension of resolved) {
    const key = `${dimension.ref.key}/${dimension.grain ?? ''}`;
    if (seen.has(key)) {
      throw new SemanticQueryError(
        'invalid_query',
        dimension.field,
        `${dimension.written} is asked for twice`,
      );
    }
    seen.add(key);
  }
  return resolved;
}
