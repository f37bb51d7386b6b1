import { readMetric } from './dbt-metric-source.ts';
import type { DbtDimension, DbtEntity, DbtMetric, DbtSemanticModel } from './dbt-semantic-source.ts';
import { entries, isNode, type Node, text } from './dbt-source-values.ts';

/*
 * dbt's latest Semantic Layer spec (dbt 1.12, Fusion) embeds the semantic model in the model's
 * own YAML: `semantic_model: {enabled: true}`, `agg_time_dimension` on the model, `entity:` and
 * `dimension:` on its columns (a type as shorthand, or an object with a name), more in
 * `derived_semantics`, and `metrics:` beside it, whose simple metrics aggregate by themselves
 * (`agg`, `expr`). Read into the legacy shape: each such simple metric gets a measure of its own
 * name, as `dbt sl` migrations do the other way round.
 */

function typed(
  value: unknown,
): { type: string; name: string | null; label: string | null; node: Node } | null {
  if (typeof value === 'string') return { type: value.toLowerCase(), name: null, label: null, node: {} };
  if (!isNode(value)) return null;
  return {
    type: text(value.type)?.toLowerCase() ?? '',
    name: text(value.name),
    label: text(value.label),
    node: value,
  };
}

function granularityOf(...values: unknown[]): string | null {
  for (const value of values) {
    const found = text(value);
    if (found !== null) return found.toLowerCase();
  }
  return null;
}

export function readEmbeddedSemanticModel(
  value: unknown,
): { semanticModel: DbtSemanticModel; metrics: DbtMetric[] } | null {
  if (!isNode(value)) return null;
  const semantic = value.semantic_model;
  const enabled = semantic === true || (isNode(semantic) && semantic.enabled === true);
  const modelName = text(value.name);
  if (!enabled || modelName === null) return null;
  const settings = isNode(semantic) ? semantic : {};
  const config = isNode(value.config) ? value.config : {};
  const entities: DbtEntity[] = [];
  const dimensions: DbtDimension[] = [];
  for (const column of entries(value.columns)) {
    if (!isNode(column)) continue;
    const columnName = text(column.name);
    if (columnName === null) continue;
    const entity = typed(column.entity);
    if (entity !== null)
      entities.push({ name: entity.name ?? columnName, type: entity.type, expr: columnName });
    const dimension = typed(column.dimension);
    if (dimension !== null) {
      dimensions.push({
        name: dimension.name ?? columnName,
        type: dimension.type || 'categorical',
        expr: columnName,
        granularity: granularityOf(column.granularity, dimension.node.granularity),
        label: dimension.label,
        description: text(dimension.node.description) ?? text(column.description),
        validity: isNode(dimension.node.validity_params),
      });
    }
  }
  const derived = isNode(value.derived_semantics) ? value.derived_semantics : {};
  for (const entry of entries(derived.entities)) {
    if (!isNode(entry) || text(entry.name) === null) continue;
    entities.push({
      name: text(entry.name) ?? '',
      type: text(entry.type)?.toLowerCase() ?? '',
      expr: text(entry.expr),
    });
  }
  for (const entry of entries(derived.dimensions)) {
    if (!isNode(entry) || text(entry.name) === null) continue;
    const params = isNode(entry.type_params) ? entry.type_params : {};
    dimensions.push({
      name: text(entry.name) ?? '',
      type: text(entry.type)?.toLowerCase() ?? 'categorical',
      expr: text(entry.expr),
      granularity: granularityOf(entry.granularity, params.time_granularity),
      label: text(entry.label),
      description: text(entry.description),
      validity: isNode(entry.validity_params),
    });
  }
  const metrics = entries(value.metrics).flatMap((entry) => readMetric(entry) ?? []);
  const semanticModel: DbtSemanticModel = {
    name: text(settings.name) ?? modelName,
    label: text(settings.label),
    description: text(settings.description) ?? text(value.description),
    table: text(config.alias) ?? modelName,
    schema: null,
    defaultTimeDimension: text(value.agg_time_dimension) ?? text(settings.agg_time_dimension),
    primaryEntity: text(settings.primary_entity),
    entities,
    dimensions,
    measures: metrics.flatMap((metric) =>
      metric.inlineMeasure === null
        ? []
        : [
            {
              name: metric.name,
              agg: metric.inlineMeasure.agg,
              expr: metric.inlineMeasure.expr,
              label: null,
              description: null,
              createMetric: false,
              aggTimeDimension: null,
              nonAdditive: false,
            },
          ],
    ),
  };
  return {
    semanticModel,
    metrics: metrics.map((metric) =>
      metric.inlineMeasure === null
        ? metric
        : {
            ...metric,
            measure: {
              name: metric.name,
              alias: null,
              filters: [],
              offsetWindow: null,
              offsetToGrain: null,
              fillNullsWith: null,
              joinToTimespine: false,
            },
          },
    ),
  };
}
