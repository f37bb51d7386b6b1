import type { Dataset, Measure, MetricQuery, SemanticModel, TimeGrain } from '@querent/contracts';
import { filterCondition } from './filter-sql.ts';
import { JoinedRows } from './joined-rows.ts';
import type { MeasureInput } from './metric-plan.ts';
import type { ModelNames } from './model-names.ts';
import type { QueryDimension } from './query-dimensions.ts';
import { SemanticQueryError } from './semantic-query-error.ts';
import type { SqlWriter } from './sql-writer.ts';

/*
 * The aggregates of a query, one CTE per dataset whose measures it asks for: the dataset's rows,
 * joined many-to-one to the datasets of the requested dimensions, kept by the query's filters
 * (WHERE), grouped by the dimensions. A measure's own filters and its metrics' filters apply to
 * the rows before aggregating, as CASE WHEN inside the aggregate, so that measures with
 * different filters share one pass. Cumulative measures get a CTE of their own (see
 * cumulative-sql.ts).
 */

export interface AggregateContext {
  model: SemanticModel;
  names: ModelNames;
  writer: SqlWriter;
  query: MetricQuery;
  dimensions: readonly QueryDimension[];
}

/** The grouped expressions of the query's dimensions, over the given rows. */
export function groupExpressions(context: AggregateContext, rows: JoinedRows, reason: string): string[] {
  return context.dimensions.map((dimension) => {
    const value = rows.dimension(dimension.ref, `${dimension.field}.dimension`, reason);
    return dimension.grain === null ? value : context.writer.dialect.dates.truncate(value, dimension.grain);
  });
}

/** The query's filters as WHERE conditions over the given rows. */
export function whereConditions(context: AggregateContext, rows: JoinedRows, reason: string): string[] {
  return context.query.filters.map((filter, index) => {
    const field = `filters[${index}]`;
    const ref = context.names.dimension(filter.dimension, `${field}.dimension`);
    return filterCondition(rows.dimension(ref, `${field}.dimension`, reason), filter, context.writer, field);
  });
}

/** A measure input's value on one row: NULL where its filters drop the row. */
export function rowValue(context: AggregateContext, rows: JoinedRows, input: MeasureInput): string | null {
  const { measure, dataset } = input.measure;
  const conditions = input.filters.map(({ filter, origin }) => {
    const ref = context.names.dimension(filter.dimension, input.field, dataset);
    const value = rows.dimension(ref, input.field, `the filter of ${origin}`);
    return filterCondition(value, filter, context.writer, input.field);
  });
  const value =
    measure.expression === null
      ? null
      : rows.rootValue(`m_${measure.name}`, context.writer.expression(measure.expression));
  if (conditions.length === 0) return value;
  return `CASE WHEN ${conditions.join(' AND ')} THEN ${value ?? '1'} END`;
}

/** The aggregate of row values; `null` counts rows. */
export function aggregateOf(
  measure: Pick<Measure, 'aggregation'>,
  value: string | null,
  field: string,
): string {
  if (value === null) {
    if (measure.aggregation === 'count') return 'COUNT(*)';
    throw new SemanticQueryError(
      'invalid_model',
      field,
      `A ${measure.aggregation} measure needs an expression`,
    );
  }
  switch (measure.aggregation) {
    case 'count':
      return `COUNT(${value})`;
    case 'count_distinct':
      return `COUNT(DISTINCT ${value})`;
    default:
      return `${measure.aggregation.toUpperCase()}(${value})`;
  }
}

export interface AggregateCte {
  name: string;
  sql: string;
  /** The measure inputs it answers, as columns. */
  inputs: readonly MeasureInput[];
}

function selectSql(columns: string[], from: string, where: string[], groupBy: string[]): string {
  const lines = [`SELECT ${columns.join(', ')}`, `  FROM ${from}`];
  if (where.length > 0) lines.push(`  WHERE ${where.join(' AND ')}`);
  if (groupBy.length > 0) lines.push(`  GROUP BY ${groupBy.join(', ')}`);
  return lines.join('\n');
}

/** One dataset's plain (not cumulative) measures, aggregated by the query's dimensions. */
export function datasetAggregate(
  context: AggregateContext,
  dataset: Dataset,
  inputs: readonly MeasureInput[],
): AggregateCte {
  const rows = new JoinedRows(context.model, context.writer, dataset);
  const reason =
    inputs.length > 0 ? `measure ${inputs.map((input) => input.measure.key).join(', ')}` : 'the query';
  const groups = groupExpressions(context, rows, reason);
  const where = whereConditions(context, rows, reason);
  const aggregates = inputs.map(
    (input) =>
      `${aggregateOf(input.measure.measure, rowValue(context, rows, input), input.field)} AS ${context.writer.alias(input.alias)}`,
  );
  const columns = [
    ...groups.map(
      (group, index) => `${group} AS ${context.writer.alias(context.dimensions[index]?.alias ?? '')}`,
    ),
    ...aggregates,
  ];
  return {
    name: `semantic_${dataset.name}`,
    sql: selectSql(columns, rows.fromClause(), where, groups),
    inputs,
  };
}

export const grainOrder: Record<TimeGrain, number> = { day: 0, week: 1, month: 2, quarter: 3, year: 4 };
