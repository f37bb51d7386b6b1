import type { DbtMetric } from './dbt-semantic-source.ts';
import { entries, filtersOf, isNode, metricInput, type Node, text } from './dbt-source-values.ts';

/*
 * One dbt metric, in either spec: the legacy one keeps its parameters under `type_params`
 * (`measure`, `numerator`, `expr`, `metrics`, `window`), the latest one (dbt 1.12, Fusion) writes
 * them at the top (`agg` and `expr` for a simple metric, `input_metrics`, `input_metric` for a
 * cumulative one).
 */

function ownerOf(value: Node): string | null {
  const config = isNode(value.config) ? value.config : {};
  for (const meta of [value.meta, config.meta]) {
    if (isNode(meta) && text(meta.owner) !== null) return text(meta.owner);
  }
  return null;
}

export function readMetric(value: unknown): DbtMetric | null {
  if (!isNode(value)) return null;
  const name = text(value.name);
  if (name === null) return null;
  const type = text(value.type)?.toLowerCase() ?? 'simple';
  const legacy = isNode(value.type_params);
  const params: Node = isNode(value.type_params) ? value.type_params : value;
  const cumulative = isNode(params.cumulative_type_params) ? params.cumulative_type_params : params;
  const window = params.window ?? cumulative.window ?? null;
  // The latest spec defines a simple metric's aggregation on the metric itself.
  const inline = !legacy && type === 'simple' && text(value.agg) !== null;
  return {
    name,
    type,
    label: text(value.label),
    description: text(value.description),
    owner: ownerOf(value),
    filters: filtersOf(value.filter),
    measure: params.measure == null ? null : metricInput(params.measure),
    inlineMeasure: inline ? { agg: text(value.agg)?.toLowerCase() ?? 'sum', expr: text(value.expr) } : null,
    inputMetric: params.input_metric == null ? null : metricInput(params.input_metric),
    numerator: params.numerator == null ? null : metricInput(params.numerator),
    denominator: params.denominator == null ? null : metricInput(params.denominator),
    expr: inline ? null : text(params.expr),
    metrics: entries(params.metrics ?? params.input_metrics).flatMap((entry) => metricInput(entry) ?? []),
    window: isNode(window)
      ? { count: Number(window.count), granularity: text(window.granularity) ?? '' }
      : text(window),
    grainToDate: text(params.grain_to_date ?? cumulative.grain_to_date)?.toLowerCase() ?? null,
    periodAgg: text(cumulative.period_agg),
  };
}
