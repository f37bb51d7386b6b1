import type { Metric } from '@querent/contracts';

/** JSON with keys sorted, so two equal definitions compare equal whatever order they were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** What a metric computes and says, everything but who certified it. */
export function metricDefinition(metric: Metric): string {
  const { certified: _certified, ...definition } = metric;
  return canonicalJson(definition);
}

export function sameDefinition(a: Metric, b: Metric): boolean {
  return metricDefinition(a) === metricDefinition(b);
}
