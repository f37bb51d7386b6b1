import { YAMLParseError, parse as parseYaml } from 'yaml';
import { readEmbeddedSemanticModel } from './dbt-embedded-spec.ts';
import { readMetric } from './dbt-metric-source.ts';
import { entries, isNode, refName, text } from './dbt-source-values.ts';

/*
 * dbt's MetricFlow definitions, read from wherever a team has them into one shape: the
 * `semantic_manifest.json` dbt writes (lists), `manifest.json` (objects keyed by unique id, the
 * relation in `node_relation`), or the `semantic_models:` and `metrics:` of a project's .yml files
 * (filters as strings, `window: 7 days`, measures named by a string or an object). Reading never
 * fails on a field it does not know; what the converter cannot use, it reports. Both YAML specs
 * are read: the legacy one (top-level `semantic_models:`, measures) and the latest one
 * (`dbt-embedded-spec.ts`).
 */

export interface DbtSemanticInput {
  /** A parsed `semantic_manifest.json` or `manifest.json`. */
  artifact?: unknown;
  /** The text of .yml files holding `semantic_models:` and `metrics:`. */
  yaml?: readonly { path: string; text: string }[];
}

export interface DbtMetricInput {
  name: string;
  alias: string | null;
  /** `where_sql_template`s, ANDed. */
  filters: string[];
  offsetWindow: string | null;
  offsetToGrain: string | null;
  fillNullsWith: unknown;
  joinToTimespine: boolean;
}

export interface DbtEntity {
  name: string;
  type: string;
  expr: string | null;
}

export interface DbtDimension {
  name: string;
  type: string;
  expr: string | null;
  granularity: string | null;
  label: string | null;
  description: string | null;
  /** A slowly changing dimension's validity window (`validity_params`). */
  validity: boolean;
}

export interface DbtMeasure {
  name: string;
  agg: string;
  expr: string | null;
  label: string | null;
  description: string | null;
  createMetric: boolean;
  aggTimeDimension: string | null;
  nonAdditive: boolean;
}

export interface DbtSemanticModel {
  name: string;
  label: string | null;
  description: string | null;
  table: string | null;
  schema: string | null;
  defaultTimeDimension: string | null;
  primaryEntity: string | null;
  entities: DbtEntity[];
  dimensions: DbtDimension[];
  measures: DbtMeasure[];
}

export interface DbtWindow {
  count: number;
  granularity: string;
}

export interface DbtMetric {
  name: string;
  type: string;
  label: string | null;
  description: string | null;
  owner: string | null;
  filters: string[];
  measure: DbtMetricInput | null;
  /** A simple metric of the latest spec aggregates by itself (`agg`, `expr`), with no measure. */
  inlineMeasure: { agg: string; expr: string | null } | null;
  /** What a cumulative metric of the latest spec accumulates: another metric. */
  inputMetric: DbtMetricInput | null;
  numerator: DbtMetricInput | null;
  denominator: DbtMetricInput | null;
  expr: string | null;
  metrics: DbtMetricInput[];
  window: DbtWindow | string | null;
  grainToDate: string | null;
  periodAgg: string | null;
}

export interface DbtSemanticLayer {
  semanticModels: DbtSemanticModel[];
  metrics: DbtMetric[];
}

export class DbtSemanticInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'DbtSemanticInputError';
    this.field = field;
  }
}

function readSemanticModel(value: unknown): DbtSemanticModel | null {
  if (!isNode(value)) return null;
  const name = text(value.name);
  if (name === null) return null;
  const relation = isNode(value.node_relation) ? value.node_relation : {};
  const defaults = isNode(value.defaults) ? value.defaults : {};
  return {
    name,
    label: text(value.label),
    description: text(value.description),
    table: text(relation.alias) ?? refName(value.model),
    schema: text(relation.schema_name),
    defaultTimeDimension: text(defaults.agg_time_dimension),
    primaryEntity: text(value.primary_entity),
    entities: entries(value.entities).flatMap((entity) => {
      if (!isNode(entity) || text(entity.name) === null) return [];
      return [{ name: text(entity.name) ?? '', type: text(entity.type) ?? '', expr: text(entity.expr) }];
    }),
    dimensions: entries(value.dimensions).flatMap((dimension) => {
      if (!isNode(dimension) || text(dimension.name) === null) return [];
      const params = isNode(dimension.type_params) ? dimension.type_params : {};
      return [
        {
          name: text(dimension.name) ?? '',
          type: text(dimension.type)?.toLowerCase() ?? 'categorical',
          expr: text(dimension.expr),
          granularity: text(params.time_granularity)?.toLowerCase() ?? null,
          label: text(dimension.label),
          description: text(dimension.description),
          validity: isNode(params.validity_params),
        },
      ];
    }),
    measures: entries(value.measures).flatMap((measure) => {
      if (!isNode(measure) || text(measure.name) === null) return [];
      return [
        {
          name: text(measure.name) ?? '',
          agg: text(measure.agg)?.toLowerCase() ?? 'sum',
          expr: text(measure.expr),
          label: text(measure.label),
          description: text(measure.description),
          createMetric: measure.create_metric === true,
          aggTimeDimension: text(measure.agg_time_dimension),
          nonAdditive: isNode(measure.non_additive_dimension),
        },
      ];
    }),
  };
}

function readDocument(document: unknown, into: DbtSemanticLayer): void {
  if (!isNode(document)) return;
  for (const model of entries(document.semantic_models)) {
    const read = readSemanticModel(model);
    if (read !== null) into.semanticModels.push(read);
  }
  // The latest spec (dbt 1.12, Fusion): a model with `semantic_model: {enabled: true}`.
  for (const model of entries(document.models)) {
    const embedded = readEmbeddedSemanticModel(model);
    if (embedded === null) continue;
    into.semanticModels.push(embedded.semanticModel);
    into.metrics.push(...embedded.metrics);
  }
  for (const metric of entries(document.metrics)) {
    const read = readMetric(metric);
    if (read !== null) into.metrics.push(read);
  }
}

/** Every semantic model and metric of the input, in the order they were written. */
export function readDbtSemanticLayer(input: DbtSemanticInput): DbtSemanticLayer {
  const layer: DbtSemanticLayer = { semanticModels: [], metrics: [] };
  if (input.artifact !== undefined) {
    if (!isNode(input.artifact)) {
      throw new DbtSemanticInputError(
        'artifact',
        'Expected the JSON object of semantic_manifest.json or manifest.json',
      );
    }
    readDocument(input.artifact, layer);
  }
  for (const file of input.yaml ?? []) {
    let document: unknown;
    try {
      document = parseYaml(file.text);
    } catch (error) {
      // Where in the file, so a person finds the bad line: "models/orders.yml: line 12, column 3".
      const at = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
      throw new DbtSemanticInputError(
        at ? `${file.path}: line ${at.line}, column ${at.col}` : file.path,
        `Not valid YAML: ${error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error)}`,
      );
    }
    readDocument(document, layer);
  }
  return layer;
}
