import { type SemanticModel, semanticModelSchema } from '@querent/contracts';
import { validateSemanticModel } from '../validate-semantic-model.ts';
import { convertDbtSemanticModels } from './dbt-datasets.ts';
import { convertDbtMetrics } from './dbt-metrics.ts';
import { type DbtSemanticInput, readDbtSemanticLayer } from './dbt-semantic-source.ts';
import { collectWarnings, type ImportedSemanticModel } from './interchange-warning.ts';

/*
 * dbt's MetricFlow semantic layer as a Querent semantic model, from semantic_manifest.json,
 * manifest.json or a project's .yml files. The result always passes validateSemanticModel: a part
 * the validator still refuses (a filter on a dimension its metric cannot reach, say) is taken out
 * with a warning, as is everything that stood on it.
 */

export type { DbtSemanticInput } from './dbt-semantic-source.ts';

export type { ImportedSemanticModel } from './interchange-warning.ts';

const maxPasses = 50;

export function importDbtSemanticLayer(input: DbtSemanticInput): ImportedSemanticModel {
  const warnings = collectWarnings();
  const layer = readDbtSemanticLayer(input);
  if (layer.semanticModels.length === 0 && layer.metrics.length === 0) {
    warnings.add('input', 'No semantic_models or metrics were found');
  }
  const converted = convertDbtSemanticModels(layer.semanticModels, warnings);
  const withMetric = layer.semanticModels.flatMap((model) =>
    model.measures.filter((measure) => measure.createMetric).map((measure) => measure.name),
  );
  const metrics = convertDbtMetrics(layer.metrics, withMetric, converted, warnings);
  let model = semanticModelSchema.parse({
    datasets: converted.datasets,
    relationships: converted.relationships,
    metrics,
  });
  for (let pass = 0; pass < maxPasses; pass += 1) {
    const problems = validateSemanticModel(model);
    if (problems.length === 0) break;
    model = withoutFaultyParts(model, problems, (item, message) => warnings.add(item, message));
  }
  return { model, warnings: warnings.list };
}

/**
 * The model without each part a problem's path points at: a metric, a relationship, a dimension
 * or measure, a primary key (the dataset stays, keyless), or else the whole dataset.
 */
function withoutFaultyParts(
  model: SemanticModel,
  problems: readonly { path: string; message: string }[],
  warn: (item: string, message: string) => void,
): SemanticModel {
  const metrics = new Set<number>();
  const relationships = new Set<number>();
  const members = new Set<string>();
  const datasets = new Set<number>();
  const keyless = new Set<number>();
  for (const problem of problems) {
    const metric = /^metrics\[(\d+)\]/.exec(problem.path);
    const relationship = /^relationships\[(\d+)\]/.exec(problem.path);
    const member = /^datasets\[(\d+)\]\.(dimensions|measures)\[(\d+)\]/.exec(problem.path);
    const key = /^datasets\[(\d+)\]\.primaryKey/.exec(problem.path);
    const dataset = /^datasets\[(\d+)\]/.exec(problem.path);
    let item: string;
    if (key) {
      keyless.add(Number(key[1]));
      item = `${model.datasets[Number(key[1])]?.name}.primaryKey`;
    } else if (metric) {
      metrics.add(Number(metric[1]));
      item = `metrics.${model.metrics[Number(metric[1])]?.name}`;
    } else if (relationship) {
      relationships.add(Number(relationship[1]));
      item = `relationships.${model.relationships[Number(relationship[1])]?.name}`;
    } else if (member) {
      members.add(`${member[1]}.${member[2]}.${member[3]}`);
      item = `${model.datasets[Number(member[1])]?.name}.${member[2]}[${member[3]}]`;
    } else if (dataset) {
      datasets.add(Number(dataset[1]));
      item = `datasets.${model.datasets[Number(dataset[1])]?.name}`;
    } else {
      throw new Error(`A semantic model problem with no part to take out: ${problem.path}`);
    }
    warn(item, `Not imported: ${problem.message}`);
  }
  return semanticModelSchema.parse({
    datasets: model.datasets
      .filter((_, index) => !datasets.has(index))
      .map((dataset) => {
        const index = model.datasets.indexOf(dataset);
        return {
          ...dataset,
          primaryKey: keyless.has(index) ? [] : dataset.primaryKey,
          dimensions: dataset.dimensions.filter((_, at) => !members.has(`${index}.dimensions.${at}`)),
          measures: dataset.measures.filter((_, at) => !members.has(`${index}.measures.${at}`)),
        };
      }),
    relationships: model.relationships.filter((_, index) => !relationships.has(index)),
    metrics: model.metrics.filter((_, index) => !metrics.has(index)),
  });
}
