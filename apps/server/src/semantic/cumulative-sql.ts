import { JoinedRows } from './joined-rows.ts';
import {
  type AggregateContext,
  type AggregateCte,
  aggregateOf,
  grainOrder,
  groupExpressions,
  rowValue,
  whereConditions,
} from './aggregate-sql.ts';
import type { MeasureInput } from './metric-plan.ts';
import { SemanticQueryError } from './semantic-query-error.ts';

/*
 * A cumulative measure by the query's time dimension at its grain. Each period of the result
 * (those the measure's rows fall in, per combination of the other dimensions) aggregates the
 * rows of that period and every earlier one: all of them (running total), those of the last
 * `window.count` window grains up to and including the period (trailing window), or those of
 * the same grain-to-date period (month to date…). Rows are joined to the periods rather than
 * summed by a window function, so that count_distinct, avg, min and max accumulate correctly too.
 * The query's filters keep rows before they accumulate.
 */

export function cumulativeAggregate(context: AggregateContext, input: MeasureInput): AggregateCte[] {
  const cumulation = input.cumulation;
  if (cumulation === null) throw new Error('Not a cumulative measure');
  const timeDimensions = context.dimensions.filter((dimension) => dimension.grain !== null);
  const [time, ...otherTimes] = timeDimensions;
  if (time?.grain == null || otherTimes.length > 0) {
    throw new SemanticQueryError(
      'invalid_query',
      input.field,
      `A cumulative metric accumulates over time: group the query by exactly one time dimension at a grain (it has ${timeDimensions.length})`,
    );
  }
  const grain = time.grain;
  if (cumulation.window !== null && grainOrder[cumulation.window.grain] < grainOrder[grain]) {
    throw new SemanticQueryError(
      'invalid_query',
      input.field,
      `Its window counts ${cumulation.window.grain}s, finer than the query's ${grain}: group by ${cumulation.window.grain} or a finer grain`,
    );
  }
  if (cumulation.grainToDate !== null && grainOrder[cumulation.grainToDate] <= grainOrder[grain]) {
    throw new SemanticQueryError(
      'invalid_query',
      input.field,
      `It accumulates ${cumulation.grainToDate} to date, which needs a finer grain than ${grain} in the query`,
    );
  }

  const { writer } = context;
  const dates = writer.dialect.dates;
  const rows = new JoinedRows(context.model, writer, input.measure.dataset);
  const reason = `measure ${input.measure.key}`;
  const groups = groupExpressions(context, rows, reason);
  const where = whereConditions(context, rows, reason);
  const value = rowValue(context, rows, input) ?? '1';
  const rowsName = `semantic_${input.alias}_rows`;
  const aliases = context.dimensions.map((dimension) => writer.alias(dimension.alias));
  const timeAlias = writer.alias(time.alias);
  const valueAlias = writer.alias('value');
  const rowColumns = [
    ...groups.map((group, index) => `${group} AS ${aliases[index]}`),
    `${value} AS ${valueAlias}`,
  ];
  const rowsSql = [`SELECT ${rowColumns.join(', ')}`, `  FROM ${rows.fromClause()}`];
  if (where.length > 0) rowsSql.push(`  WHERE ${where.join(' AND ')}`);

  const conditions = [`r.${timeAlias} <= p.${timeAlias}`];
  if (cumulation.window !== null) {
    const { count, grain: windowGrain } = cumulation.window;
    conditions.push(`r.${timeAlias} > ${dates.shift(`p.${timeAlias}`, -count, windowGrain)}`);
  }
  if (cumulation.grainToDate !== null) {
    const toDate = cumulation.grainToDate;
    conditions.push(
      `${dates.truncate(`r.${timeAlias}`, toDate)} = ${dates.truncate(`p.${timeAlias}`, toDate)}`,
    );
  }
  for (const alias of aliases) {
    if (alias === timeAlias) continue;
    // NULL is a group of its own in GROUP BY, so it must meet itself here too.
    conditions.push(`(r.${alias} = p.${alias} OR (r.${alias} IS NULL AND p.${alias} IS NULL))`);
  }
  const aggregate = aggregateOf(input.measure.measure, `r.${valueAlias}`, input.field);
  const periodColumns = aliases.map((alias) => `p.${alias}`);
  // Quoted as its definition is: Snowflake reads a bare name in upper case, another name.
  const rowsTable = writer.alias(rowsName);
  const accumulatedSql = [
    `SELECT ${[...periodColumns.map((column, index) => `${column} AS ${aliases[index]}`), `${aggregate} AS ${writer.alias(input.alias)}`].join(', ')}`,
    `  FROM (SELECT DISTINCT ${aliases.join(', ')} FROM ${rowsTable}) AS p`,
    `  JOIN ${rowsTable} AS r ON ${conditions.join('\n    AND ')}`,
    `  GROUP BY ${periodColumns.join(', ')}`,
  ].join('\n');
  return [
    { name: rowsName, sql: rowsSql.join('\n'), inputs: [] },
    { name: `semantic_${input.alias}`, sql: accumulatedSql, inputs: [input] },
  ];
}
