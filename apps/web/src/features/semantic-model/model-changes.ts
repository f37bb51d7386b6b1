import type { Metric, SemanticModel } from '@querent/contracts';

/** The names of a model's part (datasets, relationships or metrics) that one version changed. */
export interface PartChanges {
  added: string[];
  removed: string[];
  /** Same name, another definition (for metrics, anything but the certification). */
  changed: string[];
}

export interface ModelChanges {
  datasets: PartChanges;
  relationships: PartChanges;
  metrics: PartChanges & { certified: string[]; uncertified: string[] };
}

/** JSON with every object's keys in order, so two equal definitions compare equal as text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** A metric's definition without who vouched for it: certifying is not changing it. */
function definition(metric: Metric): string {
  const { certified: _certified, ...rest } = metric;
  return canonical(rest);
}

function compare<T extends { name: string }>(
  before: readonly T[],
  after: readonly T[],
  key: (item: T) => string,
): PartChanges {
  const old = new Map(before.map((item) => [item.name, item]));
  const now = new Set(after.map((item) => item.name));
  const changes: PartChanges = { added: [], removed: [], changed: [] };
  for (const item of after) {
    const previous = old.get(item.name);
    if (previous === undefined) changes.added.push(item.name);
    else if (key(previous) !== key(item)) changes.changed.push(item.name);
  }
  changes.removed = before.filter((item) => !now.has(item.name)).map((item) => item.name);
  return changes;
}

/**
 * What one version changed against the one before it (`null`: before the first save), item by
 * item, computed here from the two models: the history's summary says it in words and stops
 * naming after a dozen changes, this names every item.
 */
export function compareModels(before: SemanticModel | null, after: SemanticModel): ModelChanges {
  const previous = before ?? { datasets: [], relationships: [], metrics: [] };
  const wasCertified = new Map(previous.metrics.map((metric) => [metric.name, metric.certified !== null]));
  const metrics = after.metrics.filter((metric) => wasCertified.has(metric.name));
  return {
    datasets: compare(previous.datasets, after.datasets, canonical),
    relationships: compare(previous.relationships, after.relationships, canonical),
    metrics: {
      ...compare(previous.metrics, after.metrics, definition),
      certified: metrics
        .filter((metric) => metric.certified !== null && wasCertified.get(metric.name) === false)
        .map((metric) => metric.name),
      uncertified: metrics
        .filter((metric) => metric.certified === null && wasCertified.get(metric.name) === true)
        .map((metric) => metric.name),
    },
  };
}
