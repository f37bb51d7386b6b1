import type { Dataset, Dimension, Measure, Metric, SemanticModel } from '@querent/contracts';
import { closestNames } from './closest-names.ts';
import { SemanticQueryError } from './semantic-query-error.ts';

/*
 * Finding what a query names in the model: `dataset.name`, or a bare name when only one dataset
 * has it (or when the dataset the name is read from has it, for a measure's own filters). A name
 * that is not found comes back as an error listing the closest valid names.
 */

export interface DimensionRef {
  dataset: Dataset;
  dimension: Dimension;
  /** `dataset.dimension`. */
  key: string;
}

export interface MeasureRef {
  dataset: Dataset;
  measure: Measure;
  key: string;
}

interface Member<T> {
  dataset: Dataset;
  member: T;
  key: string;
}

export interface ModelNames {
  dataset(name: string): Dataset | undefined;
  dimension(reference: string, field: string, home?: Dataset): DimensionRef;
  measure(reference: string, field: string, home?: Dataset): MeasureRef;
  metric(name: string, field: string): Metric;
}

function membersOf<T extends { name: string }>(
  model: SemanticModel,
  read: (dataset: Dataset) => readonly T[],
): Member<T>[] {
  return model.datasets.flatMap((dataset) =>
    read(dataset).map((member) => ({ dataset, member, key: `${dataset.name}.${member.name}` })),
  );
}

function findMember<T extends { name: string }>(
  members: readonly Member<T>[],
  kind: string,
  reference: string,
  field: string,
  home: Dataset | undefined,
): Member<T> {
  const dot = reference.indexOf('.');
  const matches =
    dot >= 0
      ? members.filter((entry) => entry.key === reference)
      : members.filter((entry) => entry.member.name === reference);
  const own = home === undefined ? undefined : matches.find((entry) => entry.dataset.name === home.name);
  if (own !== undefined) return own;
  const [only, ...others] = matches;
  if (only !== undefined && others.length === 0) return only;
  if (only !== undefined) {
    const keys = matches.map((entry) => entry.key);
    throw new SemanticQueryError(
      'ambiguous_name',
      field,
      `The ${kind} "${reference}" is in several datasets; name one of ${keys.join(', ')}`,
      keys,
    );
  }
  const candidates = members.flatMap((entry) =>
    members.filter((other) => other.member.name === entry.member.name).length === 1
      ? [entry.key, entry.member.name]
      : [entry.key],
  );
  const suggestions = closestNames(reference, candidates);
  const hint = suggestions.length > 0 ? `; did you mean ${suggestions.join(', ')}?` : '';
  throw new SemanticQueryError(
    'unknown_name',
    field,
    `No ${kind} is named "${reference}"${hint}`,
    suggestions,
  );
}

export function modelNames(model: SemanticModel): ModelNames {
  const datasets = new Map(model.datasets.map((dataset) => [dataset.name, dataset]));
  const dimensions = membersOf(model, (dataset) => dataset.dimensions);
  const measures = membersOf(model, (dataset) => dataset.measures);
  const metrics = new Map(model.metrics.map((metric) => [metric.name, metric]));
  return {
    dataset: (name) => datasets.get(name),
    dimension(reference, field, home) {
      const found = findMember(dimensions, 'dimension', reference, field, home);
      return { dataset: found.dataset, dimension: found.member, key: found.key };
    },
    measure(reference, field, home) {
      const found = findMember(measures, 'measure', reference, field, home);
      return { dataset: found.dataset, measure: found.member, key: found.key };
    },
    metric(name, field) {
      const metric = metrics.get(name);
      if (metric !== undefined) return metric;
      const suggestions = closestNames(name, [...metrics.keys()]);
      const hint = suggestions.length > 0 ? `; did you mean ${suggestions.join(', ')}?` : '';
      throw new SemanticQueryError('unknown_name', field, `No metric is named "${name}"${hint}`, suggestions);
    },
  };
}
