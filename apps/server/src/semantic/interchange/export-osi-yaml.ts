import { isDeepStrictEqual } from 'node:util';
import type { Dataset, Dimension, Measure, Metric, SemanticModel } from '@querent/contracts';
import { timeGrains } from '@querent/contracts';
import { stringify } from 'yaml';
import { expressionText } from './column-or-sql.ts';
import { type FieldLookup, impliedMetrics } from './osi-foreign-metric.ts';
import { querentExtension } from './osi-extension.ts';
import { metricSql, readForeignMetric } from './osi-metric-sql.ts';

/*
 * A semantic model as an Open Semantic Interchange YAML document. Everything OSI can say is
 * written its way (sources, keys, fields, relationships, metric SQL, descriptions, synonyms as
 * ai_context); what it cannot (measures, metric types and windows, filters, owners,
 * certification, labels, sample values, grains, cardinality) goes in a COMMON extension, written
 * only where the OSI form alone would read back differently. So a model read from plain OSI is
 * written back as plain OSI, and `importOsiYaml(exportOsiYaml(m))` gives `m` again.
 */

export interface OsiExportOptions {
  /** The semantic model's name in the document. */
  name?: string;
  description?: string;
}

function aiContext(synonyms: readonly string[]) {
  return synonyms.length > 0 ? { synonyms: [...synonyms] } : undefined;
}

function ansi(expression: string) {
  return { dialects: [{ dialect: 'ANSI_SQL', expression }] };
}

/** Reads fields as the importer does: a dataset's dimension of that name, else a column. */
function fieldLookup(model: SemanticModel): FieldLookup {
  return (datasetName, field) => {
    const dataset = model.datasets.find((entry) => entry.name === datasetName);
    if (dataset === undefined) return null;
    const dimension = dataset.dimensions.find((entry) => entry.name === field);
    return { dataset: dataset.name, expression: dimension?.expression ?? { column: field } };
  };
}

interface PlainMetrics {
  /** Metrics written as their SQL alone. */
  plain: Set<string>;
  /** Parts of plain ratio and derived metrics, inlined in them and not written. */
  folded: Set<string>;
  /** `dataset.measure` the plain metrics' SQL recreates. */
  impliedMeasures: Set<string>;
}

/** The metrics whose SQL alone reads back to exactly what the model has. */
function plainMetrics(model: SemanticModel): PlainMetrics {
  const result: PlainMetrics = { plain: new Set(), folded: new Set(), impliedMeasures: new Set() };
  const lookup = fieldLookup(model);
  const byName = new Map(model.metrics.map((metric) => [metric.name, metric]));
  const candidates: { metric: Metric; parts: string[]; measures: string[] }[] = [];
  for (const metric of model.metrics) {
    if (
      metric.label !== null ||
      metric.owner !== null ||
      metric.certified !== null ||
      metric.filters.length > 0
    )
      continue;
    if (metric.type === 'cumulative') continue;
    const reading = readForeignMetric(metric.name, metricSql(model, metric));
    if ('error' in reading) continue;
    const implied = impliedMetrics(metric.name, reading, lookup);
    if ('error' in implied) continue;
    const [self, ...parts] = implied.metrics;
    const same =
      self !== undefined &&
      isDeepStrictEqual(self, { ...metric, description: null, synonyms: [] }) &&
      parts.every((part) => isDeepStrictEqual(byName.get(part.name), part)) &&
      implied.measures.every(({ dataset, measure }) =>
        isDeepStrictEqual(
          model.datasets
            .find((entry) => entry.name === dataset)
            ?.measures.find((entry) => entry.name === measure.name),
          measure,
        ),
      );
    if (same) {
      candidates.push({
        metric,
        parts: parts.map((part) => part.name),
        measures: implied.measures.map(({ dataset, measure }) => `${dataset}.${measure.name}`),
      });
    }
  }
  // A part is folded into its metric only when nothing else refers to it.
  const references = (name: string) =>
    model.metrics.filter(
      (metric) =>
        (metric.type === 'ratio' && (metric.numerator === name || metric.denominator === name)) ||
        (metric.type === 'derived' && new RegExp(`\\b${name}\\b`).test(metric.expression)),
    ).length;
  const position = (name: string) => model.metrics.findIndex((metric) => metric.name === name);
  for (const candidate of candidates) {
    // Reading puts a metric's parts right after it, so they must already be there.
    const inPlace = candidate.parts.every(
      (part, index) => position(part) === position(candidate.metric.name) + index + 1,
    );
    if (inPlace && candidate.parts.every((part) => references(part) === 1)) {
      result.plain.add(candidate.metric.name);
      for (const part of candidate.parts) result.folded.add(part);
    }
  }
  // Measures the plain metrics recreate, unless a metric written with an extension names them too.
  const extensionMeasures = new Set(
    model.metrics
      .filter((metric) => !result.plain.has(metric.name) && !result.folded.has(metric.name))
      .flatMap((metric) =>
        metric.type === 'simple' || metric.type === 'cumulative' ? [metric.measure] : [],
      ),
  );
  for (const candidate of candidates) {
    if (!result.plain.has(candidate.metric.name)) continue;
    for (const measure of candidate.measures) {
      const bare = measure.slice(measure.indexOf('.') + 1);
      if (!extensionMeasures.has(measure) && !extensionMeasures.has(bare))
        result.impliedMeasures.add(measure);
    }
  }
  keepMeasureOrder(model, candidates, result);
  return result;
}

/**
 * Reading adds the measures a metric's SQL implies after those the extension lists; where that
 * would change a dataset's order of measures, all of them are written in the extension instead.
 */
function keepMeasureOrder(
  model: SemanticModel,
  candidates: readonly { metric: Metric; measures: string[] }[],
  result: PlainMetrics,
): void {
  for (const dataset of model.datasets) {
    const keys = dataset.measures.map((measure) => `${dataset.name}.${measure.name}`);
    const read = keys.filter((key) => !result.impliedMeasures.has(key));
    for (const candidate of candidates) {
      if (!result.plain.has(candidate.metric.name)) continue;
      for (const key of candidate.measures) {
        if (keys.includes(key) && !read.includes(key)) read.push(key);
      }
    }
    if (!isDeepStrictEqual(read, keys)) {
      for (const key of keys) result.impliedMeasures.delete(key);
    }
  }
}

function fieldOf(dimension: Dimension) {
  const defaultGrains = dimension.type === 'time' ? [...timeGrains] : [];
  const defaultType = dimension.type === 'time' ? 'time' : 'categorical';
  const numberField = dimension.type === 'number';
  return {
    name: dimension.name,
    expression: ansi(expressionText(dimension.expression)),
    ...(numberField ? {} : { dimension: { is_time: dimension.type === 'time' } }),
    description: dimension.description ?? undefined,
    ai_context: aiContext(dimension.synonyms),
    custom_extensions: querentExtension({
      type: numberField || dimension.type === defaultType ? undefined : dimension.type,
      label: dimension.label ?? undefined,
      timeGrains: isDeepStrictEqual(dimension.timeGrains, defaultGrains) ? undefined : dimension.timeGrains,
      sampleValues: dimension.sampleValues.length > 0 ? dimension.sampleValues : undefined,
      expression:
        'sql' in dimension.expression && /^[A-Za-z_]\w*$|^"[^"]+"$/.test(dimension.expression.sql)
          ? dimension.expression
          : undefined,
    }),
  };
}

function datasetOf(dataset: Dataset, implied: Set<string>) {
  const source = dataset.source;
  const measures: Measure[] = dataset.measures.filter(
    (measure) => !implied.has(`${dataset.name}.${measure.name}`),
  );
  return {
    name: dataset.name,
    source:
      'sql' in source
        ? source.sql
        : source.schema === null
          ? source.table
          : `${source.schema}.${source.table}`,
    primary_key: dataset.primaryKey.length > 0 ? [...dataset.primaryKey] : undefined,
    description: dataset.description ?? undefined,
    ai_context: aiContext(dataset.synonyms),
    fields: dataset.dimensions.map(fieldOf),
    custom_extensions: querentExtension({
      label: dataset.label ?? undefined,
      measures: measures.length > 0 ? measures.map(withoutDefaults) : undefined,
    }),
  };
}

function metricOf(model: SemanticModel, metric: Metric, plain: boolean) {
  const { name, description, synonyms, ...definition } = metric;
  return {
    name,
    expression: ansi(metricSql(model, metric)),
    description: description ?? undefined,
    ai_context: aiContext(synonyms),
    custom_extensions: plain ? undefined : querentExtension(withoutDefaults(definition)),
  };
}

/**
 * A measure or metric without the fields left at their default (null, an empty list), which the
 * contract's schema fills in again when the extension is read.
 */
function withoutDefaults(value: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, entry]) => entry !== null && !(Array.isArray(entry) && entry.length === 0),
    ),
  );
}

/** Drops the keys whose value is undefined, so the YAML has no empty entries. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== undefined)
        .map(([key, entry]) => [key, compact(entry)]),
    );
  }
  return value;
}

export function exportOsiYaml(model: SemanticModel, options: OsiExportOptions = {}): string {
  const plain = plainMetrics(model);
  const document = {
    semantic_model: [
      {
        name: options.name ?? 'semantic_model',
        description: options.description,
        datasets: model.datasets.map((dataset) => datasetOf(dataset, plain.impliedMeasures)),
        relationships:
          model.relationships.length > 0
            ? model.relationships.map((relationship) => ({
                name: relationship.name,
                from: relationship.from.dataset,
                to: relationship.to.dataset,
                from_columns: [...relationship.from.columns],
                to_columns: [...relationship.to.columns],
                custom_extensions: querentExtension({
                  cardinality:
                    relationship.cardinality === 'many_to_one' ? undefined : relationship.cardinality,
                  description: relationship.description ?? undefined,
                }),
              }))
            : undefined,
        metrics:
          model.metrics.length > 0
            ? model.metrics
                .filter((metric) => !plain.folded.has(metric.name))
                .map((metric) => metricOf(model, metric, plain.plain.has(metric.name)))
            : undefined,
      },
    ],
  };
  return stringify(compact(document), { lineWidth: 0 });
}
