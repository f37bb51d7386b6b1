import type { Metric, SemanticFilter, SemanticModel } from '@querent/contracts';
import { MetricExpressionError, metricNamesIn, parseMetricExpression } from './metric-expression.ts';
import { modelNames } from './model-names.ts';
import { SemanticQueryError } from './semantic-query-error.ts';

/*
 * What the schema cannot check about a model: that what it names exists (datasets of
 * relationships, measures of metrics, metrics of ratios and derived metrics, dimensions of
 * filters), that names are unique where they are looked up, that derived metrics do not define
 * themselves in a circle, and that key and relationship columns are column names, not SQL.
 * Every problem is returned, each with the path of the part at fault.
 */

export interface SemanticModelProblem {
  /** Where in the model: "datasets[1].measures[0].expression", "metrics[3].numerator". */
  path: string;
  message: string;
}

// A column name as a database spells it: no quotes, brackets, parentheses, commas or semicolons.
const columnName = /^[^\s"'`()[\];,]+(?: [^\s"'`()[\];,]+)*$/;

function repeated(names: readonly string[]): Set<number> {
  const indexes = new Set<number>();
  names.forEach((name, index) => {
    if (names.indexOf(name) !== index) indexes.add(index);
  });
  return indexes;
}

export function validateSemanticModel(model: SemanticModel): SemanticModelProblem[] {
  const problems: SemanticModelProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  const names = modelNames(model);
  const checkColumn = (path: string, column: string) => {
    if (!columnName.test(column)) add(path, `"${column}" is not a column name`);
  };
  const checkFilters = (path: string, filters: readonly SemanticFilter[], home: string | null) => {
    filters.forEach((filter, index) => {
      try {
        names.dimension(
          filter.dimension,
          `${path}[${index}]`,
          home === null ? undefined : names.dataset(home),
        );
      } catch (error) {
        if (!(error instanceof SemanticQueryError)) throw error;
        add(`${path}[${index}].dimension`, error.message);
      }
    });
  };

  for (const index of repeated(model.datasets.map((dataset) => dataset.name))) {
    add(`datasets[${index}].name`, `Another dataset is already called ${model.datasets[index]?.name}`);
  }
  model.datasets.forEach((dataset, datasetIndex) => {
    const path = `datasets[${datasetIndex}]`;
    dataset.primaryKey.forEach((column, index) => checkColumn(`${path}.primaryKey[${index}]`, column));
    for (const index of repeated(dataset.dimensions.map((dimension) => dimension.name))) {
      add(
        `${path}.dimensions[${index}].name`,
        `${dataset.name} has two dimensions called ${dataset.dimensions[index]?.name}`,
      );
    }
    for (const index of repeated(dataset.measures.map((measure) => measure.name))) {
      add(
        `${path}.measures[${index}].name`,
        `${dataset.name} has two measures called ${dataset.measures[index]?.name}`,
      );
    }
    dataset.dimensions.forEach((dimension, index) => {
      if ('column' in dimension.expression) {
        checkColumn(`${path}.dimensions[${index}].expression.column`, dimension.expression.column);
      }
      if (dimension.type !== 'time' && dimension.timeGrains.length > 0) {
        add(`${path}.dimensions[${index}].timeGrains`, 'Only time dimensions have grains');
      }
    });
    dataset.measures.forEach((measure, index) => {
      const measurePath = `${path}.measures[${index}]`;
      if (measure.expression === null && measure.aggregation !== 'count') {
        add(`${measurePath}.expression`, `A ${measure.aggregation} measure needs an expression`);
      }
      if (measure.expression !== null && 'column' in measure.expression) {
        checkColumn(`${measurePath}.expression.column`, measure.expression.column);
      }
      checkFilters(`${measurePath}.filters`, measure.filters, dataset.name);
    });
  });

  for (const index of repeated(model.relationships.map((relationship) => relationship.name))) {
    add(
      `relationships[${index}].name`,
      `Another relationship is already called ${model.relationships[index]?.name}`,
    );
  }
  model.relationships.forEach((relationship, index) => {
    const path = `relationships[${index}]`;
    for (const side of ['from', 'to'] as const) {
      const end = relationship[side];
      if (names.dataset(end.dataset) === undefined)
        add(`${path}.${side}.dataset`, `No dataset is called ${end.dataset}`);
      end.columns.forEach((column, columnIndex) =>
        checkColumn(`${path}.${side}.columns[${columnIndex}]`, column),
      );
    }
    if (relationship.from.columns.length !== relationship.to.columns.length) {
      add(`${path}.to.columns`, 'Both sides of a relationship need as many columns');
    }
  });

  for (const index of repeated(model.metrics.map((metric) => metric.name))) {
    add(`metrics[${index}].name`, `Another metric is already called ${model.metrics[index]?.name}`);
  }
  const metricsByName = new Map(model.metrics.map((metric) => [metric.name, metric]));
  model.metrics.forEach((metric, index) => {
    const path = `metrics[${index}]`;
    const home = checkMetricReferences(metric, path, names, metricsByName, add);
    checkFilters(`${path}.filters`, metric.filters, home);
  });
  for (const cycle of metricCycles(model.metrics)) {
    const index = model.metrics.findIndex((metric) => metric.name === cycle[0]);
    add(`metrics[${index}]`, `Metrics define each other in a circle: ${cycle.join(' → ')}`);
  }
  return problems;
}

/** Checks what a metric names; returns its measure's dataset, where its filters are looked up first. */
function checkMetricReferences(
  metric: Metric,
  path: string,
  names: ReturnType<typeof modelNames>,
  metrics: ReadonlyMap<string, Metric>,
  add: (path: string, message: string) => void,
): string | null {
  const needMetric = (field: string, name: string) => {
    if (!metrics.has(name)) add(`${path}.${field}`, `No metric is called ${name}`);
  };
  switch (metric.type) {
    case 'simple':
    case 'cumulative':
      try {
        return names.measure(metric.measure, path).dataset.name;
      } catch (error) {
        if (!(error instanceof SemanticQueryError)) throw error;
        add(`${path}.measure`, error.message);
        return null;
      }
    case 'ratio':
      needMetric('numerator', metric.numerator);
      needMetric('denominator', metric.denominator);
      return null;
    case 'derived':
      try {
        const referenced = metricNamesIn(parseMetricExpression(metric.expression));
        if (referenced.length === 0)
          add(`${path}.expression`, 'A derived metric combines at least one metric');
        for (const name of referenced) needMetric('expression', name);
      } catch (error) {
        if (!(error instanceof MetricExpressionError)) throw error;
        add(`${path}.expression`, error.message);
      }
      return null;
  }
}

function referencedMetrics(metric: Metric): string[] {
  if (metric.type === 'ratio') return [metric.numerator, metric.denominator];
  if (metric.type !== 'derived') return [];
  try {
    return metricNamesIn(parseMetricExpression(metric.expression));
  } catch {
    return [];
  }
}

/** Each circle of metrics defined through one another, once, as names ending where they start. */
function metricCycles(metrics: readonly Metric[]): string[][] {
  const byName = new Map(metrics.map((metric) => [metric.name, metric]));
  const done = new Set<string>();
  const cycles: string[][] = [];
  const visit = (name: string, stack: string[]) => {
    const at = stack.indexOf(name);
    if (at >= 0) {
      cycles.push([...stack.slice(at), name]);
      return;
    }
    if (done.has(name)) return;
    const metric = byName.get(name);
    if (metric === undefined) return;
    for (const next of referencedMetrics(metric)) visit(next, [...stack, name]);
    done.add(name);
  };
  for (const metric of metrics) visit(metric.name, []);
  return cycles;
}
