import type { Metric, SemanticFilter, TimeGrain } from '@querent/contracts';
import { MetricExpressionError, type MetricExpression, parseMetricExpression } from './metric-expression.ts';
import type { MeasureRef, ModelNames } from './model-names.ts';
import { SemanticQueryError } from './semantic-query-error.ts';

/*
 * A query's metrics taken apart into the measures they aggregate (with the filters each keeps)
 * and the arithmetic that combines them. A measure asked for twice with the same filters is
 * aggregated once. Ratios and `/` in derived metrics divide as fractions, and by NULL rather
 * than zero.
 */

export interface Cumulation {
  window: { count: number; grain: TimeGrain } | null;
  grainToDate: TimeGrain | null;
}

/** One aggregated column: a measure, the filters it keeps before aggregating, and how it accumulates. */
export interface MeasureInput {
  /** Its column in the aggregates: m0, m1… */
  alias: string;
  measure: MeasureRef;
  /** The measure's own filters and those of the metrics it serves, resolved from its dataset. */
  filters: { filter: SemanticFilter; origin: string }[];
  cumulation: Cumulation | null;
  /** The query field it serves, for errors. */
  field: string;
}

export type MetricValue =
  | { kind: 'input'; input: MeasureInput }
  | { kind: 'number'; value: string }
  | { kind: 'negate'; operand: MetricValue }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: MetricValue; right: MetricValue };

export interface MetricPlan {
  inputs: MeasureInput[];
  values: { metric: Metric; value: MetricValue }[];
}

interface Inherited {
  filters: { filter: SemanticFilter; origin: string }[];
}

export function planMetrics(names: ModelNames, metricNames: readonly string[]): MetricPlan {
  const inputs = new Map<string, MeasureInput>();

  function inputFor(
    reference: string,
    inherited: Inherited,
    cumulation: Cumulation | null,
    field: string,
  ): MeasureInput {
    const measure = names.measure(reference, field);
    const filters = [
      ...measure.measure.filters.map((filter) => ({ filter, origin: `measure ${measure.key}` })),
      ...inherited.filters,
    ];
    const key = JSON.stringify([measure.key, filters.map((entry) => entry.filter), cumulation]);
    const known = inputs.get(key);
    if (known !== undefined) return known;
    const input: MeasureInput = { alias: `m${inputs.size}`, measure, filters, cumulation, field };
    inputs.set(key, input);
    return input;
  }

  function valueOf(
    metric: Metric,
    inherited: Inherited,
    stack: readonly string[],
    field: string,
  ): MetricValue {
    if (stack.includes(metric.name)) {
      throw new SemanticQueryError(
        'invalid_model',
        field,
        `Metric ${metric.name} is defined through itself: ${[...stack, metric.name].join(' → ')}`,
      );
    }
    const own: Inherited = {
      filters: [
        ...inherited.filters,
        ...metric.filters.map((filter) => ({ filter, origin: `metric ${metric.name}` })),
      ],
    };
    const inner = (name: string) => valueOf(names.metric(name, field), own, [...stack, metric.name], field);
    switch (metric.type) {
      case 'simple':
        return { kind: 'input', input: inputFor(metric.measure, own, null, field) };
      case 'cumulative':
        if (metric.window !== null && metric.grainToDate !== null) {
          throw new SemanticQueryError(
            'invalid_model',
            field,
            `Cumulative metric ${metric.name} has both a window and a grain to date; keep one`,
          );
        }
        return {
          kind: 'input',
          input: inputFor(
            metric.measure,
            own,
            { window: metric.window, grainToDate: metric.grainToDate },
            field,
          ),
        };
      case 'ratio':
        return {
          kind: 'binary',
          operator: '/',
          left: inner(metric.numerator),
          right: inner(metric.denominator),
        };
      case 'derived': {
        let expression: MetricExpression;
        try {
          expression = parseMetricExpression(metric.expression);
        } catch (error) {
          if (!(error instanceof MetricExpressionError)) throw error;
          throw new SemanticQueryError(
            'invalid_expression',
            field,
            `The expression of metric ${metric.name} cannot be read: ${error.message}`,
          );
        }
        return fromExpression(expression, inner);
      }
    }
  }

  const values = metricNames.map((name, index) => {
    const field = `metrics[${index}]`;
    const metric = names.metric(name, field);
    return { metric, value: valueOf(metric, { filters: [] }, [], field) };
  });
  return { inputs: [...inputs.values()], values };
}

function fromExpression(expression: MetricExpression, metric: (name: string) => MetricValue): MetricValue {
  switch (expression.kind) {
    case 'metric':
      return metric(expression.name);
    case 'number':
      return expression;
    case 'negate':
      return { kind: 'negate', operand: fromExpression(expression.operand, metric) };
    case 'binary':
      return {
        kind: 'binary',
        operator: expression.operator,
        left: fromExpression(expression.left, metric),
        right: fromExpression(expression.right, metric),
      };
  }
}

/** The SQL of a metric over the aggregated columns (`column(input)` names one). */
export function metricValueSql(
  value: MetricValue,
  column: (input: MeasureInput) => string,
  fractional: (expression: string) => string,
): string {
  const render = (part: MetricValue): string => metricValueSql(part, column, fractional);
  switch (value.kind) {
    case 'input':
      return column(value.input);
    case 'number':
      return value.value;
    case 'negate':
      return `(-${render(value.operand)})`;
    case 'binary':
      if (value.operator === '/') {
        // A fraction even between integers, and NULL rather than an error when dividing by zero.
        return `(${fractional(render(value.left))} / NULLIF(${render(value.right)}, 0))`;
      }
      return `(${render(value.left)} ${value.operator} ${render(value.right)})`;
  }
}
