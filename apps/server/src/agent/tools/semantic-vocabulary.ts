import type { Dataset, Dimension, Measure, Metric, SemanticModel } from '@querent/contracts';

/*
 * The semantic model as list_metrics shows it to the model: the words it may ask in (labels,
 * synonyms, sample values) and the names a metric query takes, without expressions or joins.
 * Empty fields are left out, and the listing stops at a character budget, saying what it left
 * out, so a model of 2,000 datasets does not fill the context window.
 */

const SAMPLE_VALUES = 20;

function compact<T extends Record<string, unknown>>(entry: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(entry).filter(
      ([, value]) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0),
    ),
  ) as Partial<T>;
}

function metricEntry(metric: Metric) {
  return compact({
    name: metric.name,
    label: metric.label,
    description: metric.description,
    type: metric.type,
    // What a simple or cumulative metric aggregates, so a reader can tell a measure's metric.
    measure: metric.type === 'simple' || metric.type === 'cumulative' ? metric.measure : null,
    synonyms: metric.synonyms,
    owner: metric.owner,
    certified: metric.certified,
  });
}

function dimensionEntry(dimension: Dimension) {
  return compact({
    name: dimension.name,
    label: dimension.label,
    type: dimension.type,
    grains: dimension.timeGrains,
    synonyms: dimension.synonyms,
    values: dimension.sampleValues.slice(0, SAMPLE_VALUES),
  });
}

function measureEntry(measure: Measure) {
  return compact({
    name: measure.name,
    label: measure.label,
    aggregation: measure.aggregation,
    synonyms: measure.synonyms,
  });
}

function datasetEntry(dataset: Dataset) {
  return compact({
    name: dataset.name,
    label: dataset.label,
    description: dataset.description,
    synonyms: dataset.synonyms,
    // Whether query_metrics can group on its rows (`keys`): a key of one column.
    key: dataset.primaryKey,
    dimensions: dataset.dimensions.map(dimensionEntry),
    measures: dataset.measures.map(measureEntry),
  });
}

/** Entries in order until the budget is spent; the count of those left out. */
function within<T>(entries: readonly T[], budget: { chars: number }): { shown: T[]; omitted: number } {
  const shown: T[] = [];
  for (const entry of entries) {
    const cost = JSON.stringify(entry).length + 1;
    if (cost > budget.chars) break;
    budget.chars -= cost;
    shown.push(entry);
  }
  return { shown, omitted: entries.length - shown.length };
}

export function semanticVocabulary(
  model: SemanticModel,
  options: { maxChars: number; datasets?: readonly string[] },
): Record<string, unknown> {
  const asked = options.datasets && options.datasets.length > 0 ? new Set(options.datasets) : null;
  const budget = { chars: options.maxChars };
  // Metrics first: they are the numbers to answer with.
  const metrics = within(model.metrics.map(metricEntry), budget);
  const datasets = within(
    model.datasets.filter((dataset) => asked === null || asked.has(dataset.name)).map(datasetEntry),
    budget,
  );
  const left = metrics.omitted + datasets.omitted;
  return {
    metrics: metrics.shown,
    datasets: datasets.shown,
    ...(left > 0
      ? {
          omitted: `${metrics.omitted} metric(s) and ${datasets.omitted} dataset(s) did not fit: call list_metrics again with the datasets you need.`,
        }
      : {}),
  };
}
