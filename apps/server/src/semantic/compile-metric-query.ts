import type { Dataset, MetricQuery, SemanticModel, SqlDialect } from '@querent/contracts';
import { type AggregateContext, type AggregateCte, datasetAggregate } from './aggregate-sql.ts';
import { closestNames } from './closest-names.ts';
import { cumulativeAggregate } from './cumulative-sql.ts';
import { type MeasureInput, metricValueSql, planMetrics } from './metric-plan.ts';
import { modelNames } from './model-names.ts';
import { labelOf, type QueryDimension, resolveQueryDimensions } from './query-dimensions.ts';
import { SemanticQueryError } from './semantic-query-error.ts';
import { type SqlWriter, sqlWriter } from './sql-writer.ts';
import { validateSemanticModel } from './validate-semantic-model.ts';

/*
 * A metric query as one SELECT in the engine's dialect. Each dataset's measures are aggregated
 * in a CTE of their own at the query's dimensions, so no join multiplies them; aggregates of
 * several datasets are LEFT JOINed to the distinct union of their dimension values (MySQL and
 * MariaDB have no FULL OUTER JOIN), which keeps a dimension value that only one dataset has, its other
 * metrics NULL. Metrics are then computed from the aggregated columns.
 */

export interface CompiledColumn {
  name: string;
  kind: 'metric' | 'dimension';
  label: string;
}

export interface CompiledMetricQuery {
  sql: string;
  columns: CompiledColumn[];
}

export function compileMetricQuery(
  model: SemanticModel,
  query: MetricQuery,
  dialect: SqlDialect,
): CompiledMetricQuery {
  const problems = validateSemanticModel(model);
  if (problems.length > 0) {
    const listed = problems
      .slice(0, 5)
      .map((problem) => `${problem.path}: ${problem.message}`)
      .join('; ');
    throw new SemanticQueryError(
      'invalid_model',
      'model',
      `The semantic model has ${problems.length} problem(s): ${listed}`,
    );
  }
  const names = modelNames(model);
  const writer = sqlWriter(dialect);
  refuseRepeatedMetrics(query);
  const dimensions = resolveQueryDimensions(names, query);
  const plan = planMetrics(names, query.metrics);
  const context: AggregateContext = { model, names, writer, query, dimensions };
  const ctes = plan.inputs.length > 0 ? measureAggregates(context, plan.inputs) : [valuesOnly(context)];

  const answering = ctes.filter((cte) => cte.inputs.length > 0 || plan.inputs.length === 0);
  const [single] = answering;
  let from: string;
  if (answering.length === 1 && single !== undefined) {
    from = writer.alias(single.name);
  } else {
    ctes.push(combined(context, answering, plan.inputs));
    from = writer.alias('semantic_combined');
  }

  const columnOf = (input: MeasureInput) => writer.alias(input.alias);
  const outputs = [
    ...dimensions.map((dimension) => `${writer.alias(dimension.alias)} AS ${writer.alias(dimension.column)}`),
    ...plan.values.map(
      ({ metric, value }) =>
        `${metricValueSql(value, columnOf, writer.dialect.fractional)} AS ${writer.alias(metric.name)}`,
    ),
  ];
  const columns: CompiledColumn[] = [
    ...dimensions.map((dimension) => ({
      name: dimension.column,
      kind: 'dimension' as const,
      label: dimension.label,
    })),
    ...plan.values.map(({ metric }) => ({
      name: metric.name,
      kind: 'metric' as const,
      label: labelOf(metric),
    })),
  ];
  refuseRepeatedColumns(columns, query);

  const sorted = orderBy(query, dimensions, columns);
  const order = sorted.map(({ column, direction }) => `${writer.alias(column)} ${direction.toUpperCase()}`);
  const head = `WITH ${ctes.map((cte) => `${writer.alias(cte.name)} AS (\n${indent(cte.sql)}\n)`).join(',\n')}`;
  const [first] = sorted;
  if (query.ties && query.limit !== undefined && first !== undefined) {
    return {
      sql: [head, ...withTies(writer, outputs, from, columns, first, query.limit, order)].join('\n'),
      columns,
    };
  }
  const lines = [head, `SELECT ${outputs.join(', ')}`, `FROM ${from}`];
  if (order.length > 0) lines.push(`ORDER BY ${order.join(', ')}`);
  if (query.limit !== undefined) lines.push(`LIMIT ${query.limit}`);
  return { sql: lines.join('\n'), columns };
}

/**
 * The first rows by the first ordering, and every row tied with the last of them: ranked (empty
 * values last, as no engine agrees where they go) and kept up to the limit's rank.
 */
function withTies(
  writer: SqlWriter,
  outputs: readonly string[],
  from: string,
  columns: readonly CompiledColumn[],
  first: { column: string; direction: 'asc' | 'desc' },
  limit: number,
  order: readonly string[],
): string[] {
  const names = columns.map((column) => writer.alias(column.name));
  const ranked = writer.alias(first.column);
  const rank = writer.alias('semantic_rank');
  return [
    `SELECT ${names.join(', ')}`,
    `FROM (`,
    `  SELECT ${names.join(', ')}, RANK() OVER (ORDER BY CASE WHEN ${ranked} IS NULL THEN 1 ELSE 0 END, ${ranked} ${first.direction.toUpperCase()}) AS ${rank}`,
    `  FROM (SELECT ${outputs.join(', ')} FROM ${from}) AS semantic_result`,
    `) AS semantic_ranked`,
    `WHERE ${rank} <= ${limit}`,
    `ORDER BY ${order.join(', ')}`,
  ];
}

function indent(sql: string): string {
  return sql
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

function measureAggregates(context: AggregateContext, inputs: readonly MeasureInput[]): AggregateCte[] {
  const byDataset = new Map<string, { dataset: Dataset; inputs: MeasureInput[] }>();
  const ctes: AggregateCte[] = [];
  for (const input of inputs) {
    if (input.cumulation !== null) {
      ctes.push(...cumulativeAggregate(context, input));
      continue;
    }
    const dataset = input.measure.dataset;
    const group = byDataset.get(dataset.name) ?? { dataset, inputs: [] };
    group.inputs.push(input);
    byDataset.set(dataset.name, group);
  }
  return [
    ...[...byDataset.values()].map((group) => datasetAggregate(context, group.dataset, group.inputs)),
    ...ctes,
  ];
}

/**
 * A query of dimensions alone lists the combinations found in the first dataset that reaches
 * all of theirs without fanning out: one of their own, else one that links them (order lines
 * link products to customers).
 */
function valuesOnly(context: AggregateContext): AggregateCte {
  let firstError: SemanticQueryError | null = null;
  const own = context.dimensions.map((dimension) => dimension.ref.dataset);
  const others = context.model.datasets.filter((dataset) => !own.includes(dataset));
  for (const dataset of [...new Set(own), ...others]) {
    try {
      return datasetAggregate(context, dataset, []);
    } catch (error) {
      if (!(error instanceof SemanticQueryError)) throw error;
      firstError ??= error;
    }
  }
  throw (
    firstError ??
    new SemanticQueryError(
      'invalid_query',
      'metrics',
      'Ask for a metric that reads a measure, or for a dimension',
    )
  );
}

/**
 * The aggregates side by side: every combination of dimensions any of them has, each aggregate
 * LEFT JOINed to it. A full outer join every engine can do (MySQL and MariaDB have none), where
 * NULL meets NULL as GROUP BY groups them.
 */
function combined(
  context: AggregateContext,
  parts: readonly AggregateCte[],
  inputs: readonly MeasureInput[],
): AggregateCte {
  const { writer } = context;
  const groups = context.dimensions.map((dimension) => writer.alias(dimension.alias));
  const partAlias = (index: number) => writer.alias(`p${index}`);
  const columns = [
    ...groups.map((group) => `k.${group} AS ${group}`),
    ...inputs.map((input) => {
      const index = parts.findIndex((part) => part.inputs.includes(input));
      return `${partAlias(index)}.${writer.alias(input.alias)} AS ${writer.alias(input.alias)}`;
    }),
  ];
  if (groups.length === 0) {
    // Without dimensions each aggregate is one row.
    const from = parts
      .map((part, index) => `${writer.alias(part.name)} AS ${partAlias(index)}`)
      .join(' CROSS JOIN ');
    return { name: 'semantic_combined', sql: `SELECT ${columns.join(', ')}\n  FROM ${from}`, inputs };
  }
  // UNION ALL then DISTINCT rather than a bare UNION, which BigQuery refuses (it wants ALL or
  // DISTINCT) and SQLite cannot spell as UNION DISTINCT.
  const each = parts
    .map((part) => `SELECT ${groups.join(', ')} FROM ${writer.alias(part.name)}`)
    .join(' UNION ALL ');
  const keys = `SELECT DISTINCT ${groups.join(', ')} FROM (${each}) AS ${writer.alias('u')}`;
  const joins = parts.map((part, index) => {
    const on = groups.map(
      (group) =>
        `(${partAlias(index)}.${group} = k.${group} OR (${partAlias(index)}.${group} IS NULL AND k.${group} IS NULL))`,
    );
    return `  LEFT JOIN ${writer.alias(part.name)} AS ${partAlias(index)} ON ${on.join(' AND ')}`;
  });
  return {
    name: 'semantic_combined',
    sql: [`SELECT ${columns.join(', ')}`, `  FROM (${keys}) AS k`, ...joins].join('\n'),
    inputs,
  };
}

function refuseRepeatedMetrics(query: MetricQuery): void {
  query.metrics.forEach((name, index) => {
    if (query.metrics.indexOf(name) !== index) {
      throw new SemanticQueryError(
        'invalid_query',
        `metrics[${index}]`,
        `The metric ${name} is asked for twice`,
      );
    }
  });
}

function refuseRepeatedColumns(columns: readonly CompiledColumn[], query: MetricQuery): void {
  columns.forEach((column, index) => {
    if (columns.findIndex((other) => other.name === column.name) !== index) {
      const field =
        index < query.dimensions.length
          ? `dimensions[${index}]`
          : `metrics[${index - query.dimensions.length}]`;
      throw new SemanticQueryError(
        'invalid_query',
        field,
        `Two columns of the result would be called ${column.name}; ask for one of them`,
      );
    }
  });
}

/** The result columns to sort by: the query's order, or its dimensions in order. */
function orderBy(
  query: MetricQuery,
  dimensions: readonly QueryDimension[],
  columns: readonly CompiledColumn[],
): { column: string; direction: 'asc' | 'desc' }[] {
  if (query.orderBy.length === 0) {
    return dimensions.map((dimension) => ({ column: dimension.column, direction: 'asc' }));
  }
  const byName = new Map<string, string>();
  for (const column of columns) byName.set(column.name, column.name);
  for (const dimension of dimensions) {
    byName.set(dimension.written, dimension.column);
    if (dimension.grain === null) byName.set(dimension.ref.key, dimension.column);
  }
  return query.orderBy.map((entry, index) => {
    const column = byName.get(entry.field);
    if (column !== undefined) return { column, direction: entry.direction };
    const suggestions = closestNames(entry.field, [...byName.keys()]);
    throw new SemanticQueryError(
      'unknown_name',
      `orderBy[${index}].field`,
      `The query has no metric or dimension "${entry.field}" to order by; it has ${[...byName.keys()].join(', ')}`,
      suggestions,
    );
  });
}
