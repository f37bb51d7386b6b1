import type { Metric, SemanticModel, aggregations } from '@querent/contracts';
import { closestNames } from './closest-names.ts';
import { modelNames } from './model-names.ts';
import { SemanticQueryError } from './semantic-query-error.ts';

/*
 * Fields a query may add to the model for itself alone. A measure asked for with an aggregation of the question's own ("the highest unit price" over a
 * measure the model sums): the analyst's query_metrics adds it to a copy of the model for this one query, as a
 * simple metric over a measure with the same expression and filters. The model itself is never
 * changed, and the answer says the figure comes from a measure, not a metric.
 */

export interface AdHocMeasure {
  /** The name the query uses for it (metrics, orderBy). */
  name: string;
  /** `dataset.measure`, or `measure` when unique. */
  measure: string;
  aggregation: (typeof aggregations)[number];
}

export function withAdHocMeasures(model: SemanticModel, measures: readonly AdHocMeasure[]): SemanticModel {
  if (measures.length === 0) return model;
  const names = modelNames(model);
  const datasets = model.datasets.map((dataset) => ({ ...dataset, measures: [...dataset.measures] }));
  const metrics: Metric[] = [...model.metrics];
  measures.forEach((entry, index) => {
    const field = `measures[${index}]`;
    if (metrics.some((metric) => metric.name === entry.name)) {
      throw new SemanticQueryError(
        'invalid_query',
        `${field}.name`,
        `A metric is already named ${entry.name}`,
      );
    }
    const found = names.measure(entry.measure, `${field}.measure`);
    const dataset = datasets.find((candidate) => candidate.name === found.dataset.name);
    if (!dataset) return;
    const measureName = `${entry.name}__ad_hoc`;
    dataset.measures.push({
      ...found.measure,
      name: measureName,
      aggregation: entry.aggregation,
      // A count of rows needs no column; any other aggregation keeps the measure's.
      expression: entry.aggregation === 'count' ? null : found.measure.expression,
    });
    metrics.push({
      type: 'simple',
      name: entry.name,
      label: found.measure.label,
      description: null,
      synonyms: [],
      owner: null,
      filters: [],
      certified: null,
      measure: `${dataset.name}.${measureName}`,
    });
  });
  return { ...model, datasets, metrics };
}

/**
 * A dataset's rows to group on ("which customer has the most orders"): a dimension
 * `<dataset>_key` over its one-column primary key, so that two rows with the same name stay two.
 */
export function withKeyDimensions(model: SemanticModel, keys: readonly string[]): SemanticModel {
  if (keys.length === 0) return model;
  const datasets = model.datasets.map((dataset) => {
    const asked = keys.indexOf(dataset.name);
    if (asked === -1) return dataset;
    const field = `keys[${asked}]`;
    const [column, ...more] = dataset.primaryKey;
    if (column === undefined || more.length > 0) {
      throw new SemanticQueryError(
        'invalid_query',
        field,
        `Dataset ${dataset.name} has ${dataset.primaryKey.length === 0 ? 'no primary key' : 'a key of several columns'} to group its rows on`,
      );
    }
    const name = `${dataset.name}_key`;
    if (dataset.dimensions.some((dimension) => dimension.name === name)) {
      throw new SemanticQueryError(
        'invalid_query',
        field,
        `Dataset ${dataset.name} already has a dimension ${name}`,
      );
    }
    return {
      ...dataset,
      dimensions: [
        ...dataset.dimensions,
        {
          name,
          label: `${dataset.label ?? dataset.name} key`,
          description: null,
          synonyms: [],
          expression: { column },
          type: 'categorical' as const,
          timeGrains: [],
          sampleValues: [],
        },
      ],
    };
  });
  keys.forEach((key, index) => {
    if (!model.datasets.some((dataset) => dataset.name === key)) {
      throw new SemanticQueryError(
        'unknown_name',
        `keys[${index}]`,
        `No dataset is named ${key}`,
        closestNames(
          key,
          model.datasets.map((dataset) => dataset.name),
        ),
      );
    }
  });
  return { ...model, datasets };
}
