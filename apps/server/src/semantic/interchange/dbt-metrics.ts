import type { Metric, SemanticFilter, TimeGrain } from '@querent/contracts';
import { timeGrains } from '@querent/contracts';
import { MetricExpressionError, parseMetricExpression } from '../metric-expression.ts';
import type { ConvertedDatasets } from './dbt-datasets.ts';
import { type DbtDimensionReference, readDbtFilter } from './dbt-filter.ts';
import type { DbtMetric, DbtMetricInput, DbtWindow } from './dbt-semantic-source.ts';
import type { InterchangeWarnings } from './interchange-warning.ts';
import { toSemanticName, uniqueNames } from './semantic-name.ts';

/*
 * dbt metrics as ours: simple and cumulative read a measure, ratio divides two metrics, derived
 * combines metrics in an expression. A metric input with its own filter becomes a metric of its
 * own (`<metric>__<input>`), since ours refer to metrics by name only; an input offset in time
 * (offset_window, offset_to_grain) has no equivalent and the metric is reported, not imported.
 * Metrics are converted in the order they depend on each other, each once.
 */

type Skip = { skip: string };

interface Context {
  converted: ConvertedDatasets;
  warnings: InterchangeWarnings;
  byName: Map<string, DbtMetric>;
  /** dbt metric name → our metric name, or why it is not imported. */
  done: Map<string, string | Skip>;
  metrics: Metric[];
  names: (wanted: string) => string;
}

function grainOf(word: string): TimeGrain | null {
  const grain = word.toLowerCase().replace(/s$/, '');
  return (timeGrains as readonly string[]).includes(grain) ? (grain as TimeGrain) : null;
}

/** `7 days`, `{count: 1, granularity: month}` → { count, grain }. */
function windowOf(window: DbtWindow | string): Extract<Metric, { type: 'cumulative' }>['window'] | Skip {
  const match = typeof window === 'string' ? /^\s*(\d+)\s+(\w+)\s*$/.exec(window) : null;
  const count = typeof window === 'string' ? Number(match?.[1]) : window.count;
  const grain = grainOf(typeof window === 'string' ? (match?.[2] ?? '') : window.granularity);
  if (!Number.isInteger(count) || count <= 0 || grain === null) {
    return {
      skip: `its window ${typeof window === 'string' ? window : `${window.count} ${window.granularity}`} is not a number of days, weeks, months, quarters or years`,
    };
  }
  return { count, grain };
}

/** The dataset a measure-based metric reads, for `metric_time` and bare dimension names. */
function homeModel(context: Context, measure: string | null) {
  if (measure === null) return undefined;
  const key = context.converted.measures.get(measure);
  return [...context.converted.models.values()].find((model) => key?.startsWith(`${model.dataset.name}.`));
}

function filtersOf(
  context: Context,
  templates: readonly string[],
  measure: string | null,
): SemanticFilter[] | Skip {
  const home = homeModel(context, measure);
  const resolve = (reference: DbtDimensionReference): string | { error: string } => {
    const parts = reference.name.split('__');
    const dimensionName = parts[parts.length - 1] ?? '';
    const entity = parts.length > 1 ? parts[parts.length - 2] : undefined;
    let found: { dataset: string; dimension: string } | null = null;
    if (reference.name === 'metric_time') {
      if (home?.timeDimension == null)
        return { error: 'metric_time has no agg_time_dimension to stand for here' };
      found = { dataset: home.dataset.name, dimension: home.timeDimension };
    } else {
      const candidates = [...context.converted.models.values()].filter((model) =>
        entity === undefined ? model === home : model.identifiedBy.includes(entity),
      );
      for (const model of candidates) {
        const dimension = model.dimensions.get(dimensionName);
        if (dimension !== undefined) {
          found = { dataset: model.dataset.name, dimension };
          break;
        }
      }
    }
    if (found === null) return { error: `no dimension ${reference.name} was imported` };
    const dataset = context.converted.datasets.find((entry) => entry.name === found.dataset);
    const dimension = dataset?.dimensions.find((entry) => entry.name === found.dimension);
    if (reference.grain !== null && reference.grain !== (dimension?.timeGrains[0] ?? null)) {
      return { error: `a filter on ${reference.name} at the ${reference.grain} grain cannot be structured` };
    }
    return `${found.dataset}.${found.dimension}`;
  };
  const filters: SemanticFilter[] = [];
  for (const template of templates) {
    const reading = readDbtFilter(template, resolve);
    if ('error' in reading)
      return { skip: `its filter ${template.trim()} cannot be imported: ${reading.error}` };
    filters.push(...reading.filters);
  }
  return filters;
}

function describe(metric: DbtMetric, name: string) {
  return {
    name,
    label: metric.label,
    description: metric.description,
    synonyms: [],
    owner: metric.owner,
    certified: null,
  };
}

function measureOf(context: Context, owner: string, input: DbtMetricInput | null): string | Skip {
  if (input === null) return { skip: 'it names no measure' };
  const measure = context.converted.measures.get(input.name);
  if (measure === undefined) return { skip: `its measure ${input.name} was not imported` };
  const item = `metrics.${owner}`;
  if (input.fillNullsWith !== null)
    context.warnings.add(item, 'fill_nulls_with is not kept: periods without rows are absent, not filled');
  if (input.joinToTimespine)
    context.warnings.add(item, 'join_to_timespine is not kept: periods without rows are absent');
  return measure;
}

/** The metric an input reads: the metric itself, or a filtered copy of it. */
function inputMetric(context: Context, owner: string, input: DbtMetricInput): string | Skip {
  if (input.offsetWindow !== null || input.offsetToGrain !== null) {
    return {
      skip: `its input ${input.name} is offset in time (${input.offsetWindow ?? `to ${input.offsetToGrain}`}), which has no equivalent`,
    };
  }
  const base = convertMetric(context, input.name);
  if (typeof base !== 'string') return { skip: `its input ${input.name} was not imported` };
  if (input.filters.length === 0) return base;
  const original = context.metrics.find((metric) => metric.name === base);
  if (original === undefined) return { skip: `its input ${input.name} was not imported` };
  const filters = filtersOf(context, input.filters, context.byName.get(input.name)?.measure?.name ?? null);
  if ('skip' in filters) return filters;
  // Built from two semantic names, so the double underscore that marks a part survives.
  const name = context.names(`${owner}__${toSemanticName(input.alias ?? input.name)}`.slice(0, 64));
  context.metrics.push({
    ...original,
    name,
    label: null,
    description: `${input.name} filtered for ${owner}`,
    filters: [...original.filters, ...filters],
  });
  return name;
}

/**
 * The measure a simple or cumulative metric reads, with its input's filters. A cumulative metric
 * of the latest spec accumulates another metric (`input_metric`), which must then be a simple one:
 * its measure is read with that metric's filters and the input's own.
 */
function measureInputOf(context: Context, metric: DbtMetric): DbtMetricInput | Skip | null {
  if (metric.measure !== null || metric.type !== 'cumulative' || metric.inputMetric === null) {
    return metric.measure;
  }
  const input = metric.inputMetric;
  const accumulated = context.byName.get(input.name);
  if (accumulated?.type !== 'simple' || accumulated.measure === null) {
    return { skip: `its input_metric ${input.name} is not a simple metric of this project` };
  }
  return {
    ...accumulated.measure,
    filters: [...accumulated.filters, ...accumulated.measure.filters, ...input.filters],
  };
}

function build(context: Context, metric: DbtMetric, name: string): Metric | Skip {
  const described = describe(metric, name);
  const measureInput = measureInputOf(context, metric);
  if (measureInput !== null && 'skip' in measureInput) return measureInput;
  const measureName = measureInput?.name ?? null;
  const metricFilters = filtersOf(
    context,
    [...metric.filters, ...(measureInput?.filters ?? [])],
    measureName,
  );
  if ('skip' in metricFilters) return metricFilters;
  switch (metric.type) {
    case 'simple': {
      const measure = measureOf(context, metric.name, measureInput);
      if (typeof measure !== 'string') return measure;
      return { ...described, type: 'simple', measure, filters: metricFilters };
    }
    case 'cumulative': {
      const measure = measureOf(context, metric.name, measureInput);
      if (typeof measure !== 'string') return measure;
      const window = metric.window === null ? null : windowOf(metric.window);
      if (window !== null && 'skip' in window) return window;
      const grainToDate = metric.grainToDate === null ? null : grainOf(metric.grainToDate);
      if (metric.grainToDate !== null && grainToDate === null)
        return { skip: `grain_to_date ${metric.grainToDate} is not a grain` };
      if (window !== null && grainToDate !== null) return { skip: 'it has both a window and grain_to_date' };
      if (metric.periodAgg !== null) {
        context.warnings.add(
          `metrics.${metric.name}`,
          `period_agg ${metric.periodAgg} is not kept: each period accumulates its own rows`,
        );
      }
      return { ...described, type: 'cumulative', measure, window, grainToDate, filters: metricFilters };
    }
    case 'ratio': {
      if (metric.numerator === null || metric.denominator === null)
        return { skip: 'it needs a numerator and a denominator' };
      const numerator = inputMetric(context, name, metric.numerator);
      if (typeof numerator !== 'string') return numerator;
      const denominator = inputMetric(context, name, metric.denominator);
      if (typeof denominator !== 'string') return denominator;
      return { ...described, type: 'ratio', numerator, denominator, filters: metricFilters };
    }
    case 'derived': {
      if (metric.expr === null) return { skip: 'it has no expr' };
      const replacements = new Map<string, string>();
      for (const input of metric.metrics) {
        const target = inputMetric(context, name, input);
        if (typeof target !== 'string') return target;
        replacements.set(input.alias ?? input.name, target);
      }
      const expression = metric.expr.replace(
        /[A-Za-z_][A-Za-z0-9_]*/g,
        (word) => replacements.get(word) ?? word,
      );
      try {
        parseMetricExpression(expression);
      } catch (error) {
        if (!(error instanceof MetricExpressionError)) throw error;
        return { skip: `its expr ${metric.expr} is not arithmetic over metrics: ${error.message}` };
      }
      return { ...described, type: 'derived', expression, filters: metricFilters };
    }
    default:
      return { skip: `${metric.type} metrics have no equivalent` };
  }
}

function convertMetric(context: Context, dbtName: string): string | Skip {
  const known = context.done.get(dbtName);
  if (known !== undefined) return known;
  const metric = context.byName.get(dbtName);
  if (metric === undefined) return { skip: `no metric is called ${dbtName}` };
  // Marked first, so a metric defined through itself ends here instead of looping.
  context.done.set(dbtName, { skip: 'it is defined through itself' });
  const name = context.names(toSemanticName(dbtName));
  const result = build(context, metric, name);
  const item = `metrics.${dbtName}`;
  if ('skip' in result) {
    context.warnings.add(item, `Not imported: ${result.skip}`);
    context.done.set(dbtName, result);
    return result;
  }
  if (name !== dbtName) context.warnings.add(item, `Renamed to ${name}: names are lower snake_case`);
  context.metrics.push(result);
  context.done.set(dbtName, name);
  return name;
}

export function convertDbtMetrics(
  metrics: readonly DbtMetric[],
  measuresWithMetric: readonly string[],
  converted: ConvertedDatasets,
  warnings: InterchangeWarnings,
): Metric[] {
  const byName = new Map<string, DbtMetric>();
  for (const metric of metrics) {
    if (byName.has(metric.name))
      warnings.add(`metrics.${metric.name}`, 'Defined twice: the first definition is kept');
    else byName.set(metric.name, metric);
  }
  // `create_metric: true` on a measure is a simple metric of the same name.
  for (const measure of measuresWithMetric) {
    if (!byName.has(measure)) {
      byName.set(measure, {
        name: measure,
        type: 'simple',
        label: null,
        description: null,
        owner: null,
        filters: [],
        measure: {
          name: measure,
          alias: null,
          filters: [],
          offsetWindow: null,
          offsetToGrain: null,
          fillNullsWith: null,
          joinToTimespine: false,
        },
        inlineMeasure: null,
        inputMetric: null,
        numerator: null,
        denominator: null,
        expr: null,
        metrics: [],
        window: null,
        grainToDate: null,
        periodAgg: null,
      });
    }
  }
  const context: Context = {
    converted,
    warnings,
    byName,
    done: new Map(),
    metrics: [],
    names: uniqueNames(),
  };
  for (const name of byName.keys()) convertMetric(context, name);
  return context.metrics;
}
