import type { Dimension } from './dimension.ts';
import { findDimension, tableAsDimension } from './dimension.ts';
import { applyFilters } from './filters.ts';
import type { PlanContext } from './plan-context.ts';
import type { QueryPlan } from './plan-types.ts';
import { CannotAnswer, NeedTables } from './plan-types.ts';
import { queryOver } from './query-builder.ts';
import type { Aggregate, Direction, Filter, Measure } from './question.ts';
import { GOOD_FIT, columnScore, hintScore, labelColumns } from './resolve-names.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';
import type { Token } from './words.ts';
import { describedTables } from './subject.ts';
import { identifierWords } from './words.ts';

/*
 * Totals, averages, extremes and counts, overall or by a dimension: which numeric column the
 * measure names (by its words, or by a hint such as money → a total or an amount), which table it
 * lives in, and what it is grouped on, chosen together so the shortest join wins.
 */

export interface MeasureChoice {
  table: KnownTable;
  column: KnownColumn;
  score: number;
  /** For money as price × quantity: the quantity column of the same table. */
  times?: KnownColumn;
}

/** Hints are a weaker reading than named columns, but still a reading. */
const HINT_FIT = 6;

function quantityOf(table: KnownTable): KnownColumn | undefined {
  return table.columns.find(
    (column) =>
      column.kind === 'number' &&
      !column.key &&
      column.words.some((word) => word === 'quantity' || word === 'qty'),
  );
}

/** Columns that fit a measure, best first; `dates` also lets date columns rank ("most recent"). */
export function measureCandidates(
  measure: Measure,
  within: readonly KnownTable[],
  options: { dates?: boolean } = {},
): MeasureChoice[] {
  const words = measure.words.map((token) => token.norm);
  const choices: MeasureChoice[] = [];
  for (const table of within) {
    for (const column of table.columns) {
      const usable = column.kind === 'number' || (options.dates === true && column.dateLike);
      if (!usable) continue;
      let score = columnScore(words, table, column);
      if (column.key && score < 16) score = 0;
      let times: KnownColumn | undefined;
      if (score < GOOD_FIT && measure.hint !== null) {
        score = Math.max(score, hintScore(measure.hint, column));
        // Money from a price is the price times the quantity sold, where the table has one.
        times = measure.hint === 'money' && column.words.includes('price') ? quantityOf(table) : undefined;
        if (times) score += 2;
      }
      if (score >= HINT_FIT) choices.push({ table, column, score, ...(times ? { times } : {}) });
    }
  }
  // Stable: among equals, the table the schema ranks first.
  return choices.sort((a, b) => b.score - a.score);
}

export interface AggregateSpec {
  aggregate: Aggregate;
  /** Null when counting rows of `from`. */
  measure: Measure | null;
  /** The table counted, or the only table the measure may come from. */
  from: KnownTable | null;
  /** Where to look for the measure when `from` is null. */
  within: readonly KnownTable[];
  by: { tokens: Token[] } | { table: KnownTable } | null;
  filters: Filter[];
  limit: number | null;
  direction: Direction;
}

const snake = (name: string) => identifierWords(name).join('_');
const tableWords = (table: KnownTable) => identifierWords(table.name, { table: true }).join('_');

function said(tokens: readonly Token[]): string {
  return tokens.map((token) => token.raw).join(' ');
}

interface Choice {
  table: KnownTable;
  column: KnownColumn | null;
  times: KnownColumn | null;
  dimension: Dimension | null;
  total: number;
}

/** Tables of the listing not described yet: where a measure no described table has may be. */
function undescribed(context: PlanContext): string[] {
  return context.knowledge.listing
    .map((card) => card.name)
    .filter((name) => !describedTables(context).some((table) => table.name === name))
    .slice(0, 6);
}

function choose(context: PlanContext, spec: AggregateSpec): Choice {
  const options: { table: KnownTable; column: KnownColumn | null; score: number; times?: KnownColumn }[] = [];
  if (spec.measure === null) {
    if (!spec.from) throw new CannotAnswer('I could not tell which table to count.');
    options.push({ table: spec.from, column: null, score: 0 });
  } else {
    options.push(...measureCandidates(spec.measure, spec.from ? [spec.from] : spec.within));
  }
  if (options.length === 0 && spec.measure !== null) {
    const more = spec.from ? [] : undescribed(context);
    if (more.length > 0) throw new NeedTables(more);
    const words = said(spec.measure.words);
    throw new CannotAnswer(
      words === ''
        ? 'I could not tell which numeric column to use.'
        : `I could not find a numeric column for "${words}".`,
    );
  }
  let best: Choice | null = null;
  const top = options[0]?.score ?? 0;
  for (const option of options.slice(0, 6)) {
    // Once a reading works, only near-equal readings of the measure compete on their joins.
    if (best && option.score < top - 2) break;
    const { by } = spec;
    let dimension: Dimension | null;
    try {
      dimension =
        by === null
          ? null
          : 'table' in by
            ? tableAsDimension(context, option.table, by.table)
            : findDimension(context, option.table, by.tokens);
    } catch (error) {
      // A runner-up needing more tables described is not worth the steps once one reading works.
      if (best && error instanceof NeedTables) continue;
      throw error;
    }
    if (by !== null && dimension === null) continue;
    const total = option.score + (dimension?.score ?? 0);
    if (!best || total > best.total) {
      best = { table: option.table, column: option.column, times: option.times ?? null, dimension, total };
    }
  }
  if (!best) {
    const by = spec.by === null ? '' : 'table' in spec.by ? spec.by.table.name : said(spec.by.tokens);
    const from = [...new Set(options.map((option) => option.table.name))].join(', ');
    throw new CannotAnswer(`I could not tell what "by ${by}" means for ${from}.`);
  }
  return best;
}

const sqlAggregate: Record<Aggregate, string> = {
  count: 'COUNT',
  sum: 'SUM',
  avg: 'AVG',
  min: 'MIN',
  max: 'MAX',
};
const aggregateWords: Record<Aggregate, string> = {
  count: 'Number of',
  sum: 'Total',
  avg: 'Average',
  min: 'Lowest',
  max: 'Highest',
};

export function planAggregate(context: PlanContext, spec: AggregateSpec): QueryPlan {
  const { table, column, times, dimension } = choose(context, spec);
  const { dialect } = context;
  const query = queryOver(dialect, table, dimension ? [dimension.path] : []);
  const applied = applyFilters(context, table, spec.filters, query);
  const aggregate: Aggregate = column ? spec.aggregate : 'count';
  const operand = column
    ? `${query.column(table, column.name)}${times ? ` * ${query.column(table, times.name)}` : ''}`
    : '*';
  const measured = `${sqlAggregate[aggregate]}(${operand})`;
  const measureName = column ? `${column.name}${times ? ` × ${times.name}` : ''}` : null;
  const value = column
    ? `${aggregate}_${snake(column.name)}${times ? `_x_${snake(times.name)}` : ''}`
    : `${tableWords(table)}_count`;
  const what = measureName ? `${aggregateWords[aggregate]} ${measureName}` : `Number of ${table.name} rows`;
  const base = { filters: applied.described, notes: context.notes };
  if (!dimension) {
    const sql = query.sql({ select: [query.as(measured, value)], where: applied.where });
    const answer = measureName
      ? ({ kind: 'scalar', aggregate, measure: measureName, subject: table.name } as const)
      : ({ kind: 'count', subject: table.name } as const);
    return { ...base, sql, title: column ? `${what} of ${table.name}` : what, answer };
  }
  const selected = dimension.select(query);
  const direction = spec.direction === 'asc' ? 'ASC' : 'DESC';
  const labels = selected.map((entry) => entry.expression);
  const orderBy =
    dimension.ordered && spec.limit === null ? labels : [`${dialect.id(value)} ${direction}`, ...labels];
  const sql = query.sql({
    select: [...selected.map((entry) => query.as(entry.expression, entry.alias)), query.as(measured, value)],
    where: applied.where,
    groupBy: [...dimension.group(query), ...labels],
    orderBy,
    limit: spec.limit,
  });
  return {
    ...base,
    sql,
    title: `${what} by ${dimension.display}`,
    answer: {
      kind: 'grouped',
      aggregate,
      measure: measureName,
      subject: table.name,
      dimension: dimension.display,
      labels: selected.map((entry) => entry.alias),
      value,
      limit: spec.limit,
      direction: spec.direction,
    },
  };
}

/** What names a ranked row in the answer: its label, or its key when the label is what ranks it. */
function rankedLabels(table: KnownTable, ranked: KnownColumn): string[] {
  const labels = labelColumns(table).filter((column) => column.name !== ranked.name);
  return labels.length > 0 ? labels.map((column) => column.name) : table.primaryKey;
}

/** Rows of one table ranked by one of its columns ("the 3 cheapest products"). */
export function planRanked(
  context: PlanContext,
  table: KnownTable,
  choice: MeasureChoice,
  spec: { filters: Filter[]; limit: number; direction: Direction },
): QueryPlan {
  const query = queryOver(context.dialect, table);
  const applied = applyFilters(context, table, spec.filters, query);
  const ref = query.column(table, choice.column.name);
  const sql = query.sql({
    select: ['*'],
    // PostgreSQL sorts NULLs first when descending; they are no one's top.
    where: [...applied.where, `${ref} IS NOT NULL`],
    orderBy: [`${ref} ${spec.direction === 'asc' ? 'ASC' : 'DESC'}`],
    limit: spec.limit,
  });
  return {
    sql,
    title: `${table.name} by ${choice.column.name}`,
    filters: applied.described,
    notes: context.notes,
    answer: {
      kind: 'ranked',
      subject: table.name,
      column: choice.column.name,
      labels: rankedLabels(table, choice.column),
      dated: choice.column.dateLike,
      direction: spec.direction,
      limit: spec.limit,
    },
  };
}
