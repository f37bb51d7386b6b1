import type { Measure, Metric, SemanticExpression } from '@querent/contracts';
import { type ForeignAggregate, type ForeignMetric, impliedMeasureName } from './osi-metric-sql.ts';

/*
 * The metrics and measures an OSI metric expression stands for when nothing else says more: the
 * same function serves the import (to build them) and the export (to see whether a metric can be
 * written as its expression alone, with no extension, because reading it back gives it again).
 */

export interface ImpliedMeasure {
  dataset: string;
  measure: Measure;
}

export interface ImpliedMetrics {
  /** The metric itself first, then its parts. */
  metrics: Metric[];
  measures: ImpliedMeasure[];
}

/** What a `dataset.field` of an expression reads, or null when no such dataset exists. */
export type FieldLookup = (
  dataset: string,
  field: string,
) => { dataset: string; expression: SemanticExpression } | null;

function base(name: string) {
  return { name, label: null, description: null, synonyms: [], owner: null, filters: [], certified: null };
}

export function impliedMetrics(
  name: string,
  reading: ForeignMetric,
  lookup: FieldLookup,
): ImpliedMetrics | { error: string } {
  const measures: ImpliedMeasure[] = [];
  const measureOf = (aggregate: ForeignAggregate): string | { error: string } => {
    const found = lookup(aggregate.dataset, aggregate.field);
    if (found === null) return { error: `it reads ${aggregate.dataset}.${aggregate.field} of no dataset` };
    const measureName = impliedMeasureName(aggregate.aggregation, aggregate.field);
    if (!measures.some((entry) => entry.dataset === found.dataset && entry.measure.name === measureName)) {
      measures.push({
        dataset: found.dataset,
        measure: {
          name: measureName,
          label: null,
          description: null,
          synonyms: [],
          aggregation: aggregate.aggregation,
          expression: found.expression,
          filters: [],
        },
      });
    }
    return `${found.dataset}.${measureName}`;
  };
  const simple = (metricName: string, aggregate: ForeignAggregate): Metric | { error: string } => {
    const measure = measureOf(aggregate);
    return typeof measure === 'string' ? { ...base(metricName), type: 'simple', measure } : measure;
  };
  const metrics: Metric[] = [];
  if (reading.kind === 'aggregate') {
    const metric = simple(name, reading.aggregate);
    if ('error' in metric) return metric;
    metrics.push(metric);
  } else if (reading.kind === 'ratio') {
    const numerator = simple(`${name}__numerator`, reading.numerator);
    const denominator = simple(`${name}__denominator`, reading.denominator);
    if ('error' in numerator) return numerator;
    if ('error' in denominator) return denominator;
    metrics.push(
      { ...base(name), type: 'ratio', numerator: numerator.name, denominator: denominator.name },
      numerator,
      denominator,
    );
  } else {
    metrics.push({ ...base(name), type: 'derived', expression: reading.expression });
    for (const part of reading.parts) {
      const metric = simple(part.name, part.aggregate);
      if ('error' in metric) return metric;
      metrics.push(metric);
    }
  }
  return { metrics, measures };
}
