import type { Aggregate } from '../question.ts';
import type { AdHocMeasure, Figure } from './reading.ts';
import type { Vocabulary, VocabularyDataset, VocabularyMeasure, VocabularyMetric } from './vocabulary.ts';

/*
 * Which number of the model answers "how many X", "the total of Y", "the average Y": the metric
 * defined on the measure when there is one (so the answer stands on it, certified or not), else
 * the measure itself aggregated as asked.
 */

const aggregationOf: Record<Exclude<Aggregate, 'count'>, AdHocMeasure['aggregation']> = {
  sum: 'sum',
  avg: 'avg',
  min: 'min',
  max: 'max',
};

const aggregateWord: Record<AdHocMeasure['aggregation'], string> = {
  sum: 'total',
  count: 'number',
  count_distinct: 'distinct',
  avg: 'average',
  min: 'lowest',
  max: 'highest',
};

function metricOn(vocabulary: Vocabulary, measure: VocabularyMeasure): VocabularyMetric | null {
  // A simple metric on the measure, with no filters of its own (list_metrics shows none).
  return (
    vocabulary.metrics.find((metric) => metric.type === 'simple' && metric.measure === measure.key) ?? null
  );
}

/** The number of rows of a dataset: its count metric, else its count measure. */
export function countFigure(vocabulary: Vocabulary, dataset: VocabularyDataset): Figure | null {
  const counts = dataset.measures.filter((measure) => measure.aggregation === 'count');
  for (const measure of counts) {
    const metric = metricOn(vocabulary, measure);
    if (metric) return { kind: 'metric', metric };
  }
  const [measure] = counts.length > 0 ? counts : dataset.measures;
  if (!measure) return null;
  return { kind: 'measure', measure, aggregation: 'count', name: `${dataset.name}_row_count` };
}

/**
 * A measure aggregated as asked: a measure of the same dataset that already aggregates it that
 * way ("Average unit price" beside "Unit price") and its metric, else the measure itself.
 */
export function measureFigure(
  vocabulary: Vocabulary,
  measure: VocabularyMeasure,
  aggregate: Exclude<Aggregate, 'count'>,
): Figure {
  const aggregation = aggregationOf[aggregate];
  const dataset = vocabulary.datasets.find((candidate) => candidate.name === measure.dataset);
  const base = measure.phrases.map((phrase) => phrase.join(' '));
  const same =
    measure.aggregation === aggregation
      ? measure
      : dataset?.measures.find(
          (candidate) =>
            candidate.aggregation === aggregation &&
            candidate.phrases.some((phrase) =>
              base.some(
                (words) => phrase.join(' ').endsWith(words) && phrase.length > words.split(' ').length,
              ),
            ),
        );
  if (same) {
    const metric = metricOn(vocabulary, same);
    if (metric) return { kind: 'metric', metric };
    if (same.aggregation === aggregation)
      return { kind: 'measure', measure: same, aggregation, name: `${aggregation}_${same.name}` };
  }
  return { kind: 'measure', measure, aggregation, name: `${aggregation}_${measure.name}` };
}

/** A metric matched by its own words, when it gives the aggregate asked for. */
export function metricFigure(
  vocabulary: Vocabulary,
  metric: VocabularyMetric,
  aggregate: Exclude<Aggregate, 'count'>,
): Figure | null {
  if (metric.measure === null) return aggregate === 'sum' ? { kind: 'metric', metric } : null;
  const measure = vocabulary.datasets
    .flatMap((dataset) => dataset.measures)
    .find((candidate) => candidate.key === metric.measure);
  if (!measure) return null;
  if (measure.aggregation === aggregationOf[aggregate]) return { kind: 'metric', metric };
  if (measure.aggregation !== 'sum') return null;
  // "the average invoice total": the metric's measure, averaged.
  return measureFigure(vocabulary, measure, aggregate);
}

/** The figure in words: "Number of artists", "average Unit price". */
export function figureWords(figure: Figure): string {
  if (figure.kind === 'metric') return figure.metric.label;
  if (figure.aggregation === 'count') return `number of rows`;
  return `${aggregateWord[figure.aggregation]} ${figure.measure.label.toLowerCase()}`;
}
