import type { Dataset, Dimension, Measure, Relationship } from '@querent/contracts';
import { columnOf, columnOrSql, grainsFrom } from './column-or-sql.ts';
import type { DbtSemanticModel } from './dbt-semantic-source.ts';
import type { InterchangeWarnings } from './interchange-warning.ts';
import { toSemanticName, uniqueNames } from './semantic-name.ts';

/*
 * dbt semantic models as datasets: the model's relation is the table, its primary entity the
 * primary key, its dimensions and measures ours. A foreign entity joins the semantic model whose
 * primary (or unique) entity has its name, many to one; two models with the same primary entity
 * join one to one. What is kept of each dbt name is recorded so metrics and filters can find it.
 */

export interface ConvertedDatasets {
  datasets: Dataset[];
  relationships: Relationship[];
  /** dbt measure name → `dataset.measure`. */
  measures: Map<string, string>;
  /** dbt semantic model name → what its metrics and filters need of it. */
  models: Map<string, ConvertedModel>;
}

export interface ConvertedModel {
  dataset: Dataset;
  /** Primary and unique entity names. */
  identifiedBy: string[];
  /** dbt dimension name → ours. */
  dimensions: Map<string, string>;
  /** The dimension `metric_time` means for its measures. */
  timeDimension: string | null;
}

const aggregations: Record<string, Measure['aggregation']> = {
  sum: 'sum',
  count: 'count',
  count_distinct: 'count_distinct',
  average: 'avg',
  avg: 'avg',
  min: 'min',
  max: 'max',
  sum_boolean: 'sum',
};

function renamed(warnings: InterchangeWarnings, item: string, from: string, to: string): void {
  if (from !== to) warnings.add(item, `Renamed to ${to}: names are lower snake_case`);
}

function convertDimensions(model: DbtSemanticModel, item: string, warnings: InterchangeWarnings) {
  const names = uniqueNames();
  const byDbtName = new Map<string, string>();
  const dimensions: Dimension[] = [];
  for (const dimension of model.dimensions) {
    const at = `${item}.dimensions.${dimension.name}`;
    const name = names(toSemanticName(dimension.name));
    renamed(warnings, at, dimension.name, name);
    let type: Dimension['type'] = 'categorical';
    let timeGrains: Dimension['timeGrains'] = [];
    if (dimension.type === 'time') {
      type = 'time';
      const grains = grainsFrom(dimension.granularity);
      if (grains === null) {
        warnings.add(
          at,
          `Time granularity ${dimension.granularity} is not one of day, week, month, quarter, year; every grain is offered`,
        );
      }
      timeGrains = grains ?? grainsFrom('day') ?? [];
    } else if (dimension.type !== 'categorical') {
      warnings.add(at, `Dimension type ${dimension.type} is read as categorical`);
    }
    if (dimension.validity) {
      warnings.add(at, 'Its validity_params are not kept: rows are not chosen by their validity window');
    }
    byDbtName.set(dimension.name, name);
    dimensions.push({
      name,
      label: dimension.label,
      description: dimension.description,
      synonyms: [],
      expression: columnOrSql(dimension.expr ?? dimension.name),
      type,
      timeGrains,
      sampleValues: [],
    });
  }
  return { dimensions, byDbtName };
}

function convertMeasures(
  model: DbtSemanticModel,
  item: string,
  warnings: InterchangeWarnings,
): { measures: Measure[]; byDbtName: Map<string, string> } {
  const names = uniqueNames();
  const byDbtName = new Map<string, string>();
  const measures: Measure[] = [];
  for (const measure of model.measures) {
    const at = `${item}.measures.${measure.name}`;
    const aggregation = aggregations[measure.agg];
    if (aggregation === undefined) {
      warnings.add(
        at,
        `Not imported: the ${measure.agg} aggregation has no equivalent (sum, count, count_distinct, average, min, max, sum_boolean)`,
      );
      continue;
    }
    const written = measure.expr ?? measure.name;
    const expression =
      measure.agg === 'sum_boolean'
        ? { sql: `CASE WHEN ${written} THEN 1 ELSE 0 END` }
        : columnOrSql(written);
    if (measure.nonAdditive) {
      warnings.add(at, 'Its non_additive_dimension is not kept: the measure aggregates over every period');
    }
    if (measure.aggTimeDimension !== null && measure.aggTimeDimension !== model.defaultTimeDimension) {
      warnings.add(
        at,
        `Its agg_time_dimension ${measure.aggTimeDimension} is not kept: metric_time means ${model.defaultTimeDimension ?? 'nothing'} for this semantic model`,
      );
    }
    const name = names(toSemanticName(measure.name));
    renamed(warnings, at, measure.name, name);
    byDbtName.set(measure.name, name);
    measures.push({
      name,
      label: measure.label,
      description: measure.description,
      synonyms: [],
      aggregation,
      expression,
      filters: [],
    });
  }
  return { measures, byDbtName };
}

export function convertDbtSemanticModels(
  models: readonly DbtSemanticModel[],
  warnings: InterchangeWarnings,
): ConvertedDatasets {
  const datasetNames = uniqueNames();
  const converted: ConvertedDatasets = {
    datasets: [],
    relationships: [],
    measures: new Map(),
    models: new Map(),
  };
  for (const model of models) {
    const item = `semantic_models.${model.name}`;
    if (model.table === null) {
      warnings.add(item, 'Not imported: it names no model or relation to read');
      continue;
    }
    const name = datasetNames(toSemanticName(model.name));
    renamed(warnings, item, model.name, name);
    const primary = model.entities.find((entity) => entity.type === 'primary');
    const primaryColumn = primary === undefined ? null : columnOf(primary.expr ?? primary.name);
    if (primary !== undefined && primaryColumn === null) {
      warnings.add(
        `${item}.entities.${primary.name}`,
        'Its expression is SQL, not a column: the dataset has no primary key',
      );
    }
    for (const entity of model.entities) {
      if (!['primary', 'foreign', 'unique'].includes(entity.type)) {
        warnings.add(
          `${item}.entities.${entity.name}`,
          `Entity type ${entity.type || '(none)'} is not used for joins`,
        );
      }
    }
    const dimensions = convertDimensions(model, item, warnings);
    const measures = convertMeasures(model, item, warnings);
    const dataset: Dataset = {
      name,
      label: model.label,
      description: model.description,
      synonyms: [],
      source: { table: model.table, schema: model.schema },
      primaryKey: primaryColumn === null ? [] : [primaryColumn],
      dimensions: dimensions.dimensions,
      measures: measures.measures,
    };
    converted.datasets.push(dataset);
    for (const [dbtName, ours] of measures.byDbtName) converted.measures.set(dbtName, `${name}.${ours}`);
    const identifiedBy = model.entities
      .filter((entity) => entity.type === 'primary' || entity.type === 'unique')
      .map((entity) => entity.name);
    if (model.primaryEntity !== null) identifiedBy.push(model.primaryEntity);
    const defaultTime = model.defaultTimeDimension;
    if (defaultTime !== null && !dimensions.byDbtName.has(defaultTime)) {
      warnings.add(`${item}.defaults.agg_time_dimension`, `No dimension is called ${defaultTime}`);
    }
    converted.models.set(model.name, {
      dataset,
      identifiedBy,
      dimensions: dimensions.byDbtName,
      timeDimension: defaultTime === null ? null : (dimensions.byDbtName.get(defaultTime) ?? null),
    });
  }
  converted.relationships = convertEntities(models, converted, warnings);
  return converted;
}

function convertEntities(
  models: readonly DbtSemanticModel[],
  converted: ConvertedDatasets,
  warnings: InterchangeWarnings,
): Relationship[] {
  // The first semantic model identified by an entity is where that entity's foreign keys point.
  const owners = new Map<string, { model: string; dataset: string; column: string; type: string }>();
  for (const model of models) {
    const ours = converted.models.get(model.name);
    if (ours === undefined) continue;
    for (const entity of model.entities) {
      const column = columnOf(entity.expr ?? entity.name);
      if (
        (entity.type === 'primary' || entity.type === 'unique') &&
        column !== null &&
        !owners.has(entity.name)
      ) {
        owners.set(entity.name, { model: model.name, dataset: ours.dataset.name, column, type: entity.type });
      }
    }
  }
  const names = uniqueNames();
  const relationships: Relationship[] = [];
  for (const model of models) {
    const ours = converted.models.get(model.name);
    if (ours === undefined) continue;
    for (const entity of model.entities) {
      const owner = owners.get(entity.name);
      const item = `semantic_models.${model.name}.entities.${entity.name}`;
      if (owner === undefined || owner.model === model.name) {
        if (entity.type === 'foreign') {
          warnings.add(item, `No semantic model has ${entity.name} as its primary entity: no join is made`);
        }
        continue;
      }
      const column = columnOf(entity.expr ?? entity.name);
      if (column === null) {
        warnings.add(item, 'Its expression is SQL, not a column: no join is made');
        continue;
      }
      relationships.push({
        name: names(toSemanticName(`${ours.dataset.name}_${entity.name}`)),
        from: { dataset: ours.dataset.name, columns: [column] },
        to: { dataset: owner.dataset, columns: [owner.column] },
        cardinality: entity.type === 'foreign' ? 'many_to_one' : 'one_to_one',
        description: `From dbt: the ${entity.type} entity ${entity.name} of ${model.name}`,
      });
    }
  }
  return relationships;
}
