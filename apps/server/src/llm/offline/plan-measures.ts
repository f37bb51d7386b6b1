import type { Dimension } from './dimension.ts';
import { findDimension, tableAsDimension } from './dimension.ts';
import type { PlanContext } from './plan-context.ts';
import type { QueryPlan } from './plan-types.ts';
import { CannotAnswer, NeedTables } from './plan-types.ts';
import { hintVocabulary } from './parse-measure.ts';
import type { QueryBuilder } from './query-builder.ts';
import { queryOver } from './query-builder.ts';
import type { Aggregate, Direction, Filter, Measure, Scale } from './question.ts';
import type { Resolved } from './resolve-filters.ts';
import { resolveFilters } from './resolve-filters.ts';
import type { KnownTable } from './schema-knowledge.ts';
import type { MeasureChoice } from './measure-candidates.ts';
import { measureCandidates, salesWords } from './measure-candidates.ts';
import { keepFirstTies, rankColumn } from './first-ties.ts';
import { describedTables } from './subject.ts';
import { scaleDivisor, unitNote } from './units.ts';
import type { Token } from './words.ts';
import { identifierWords } from './words.ts';

/*
 * Totals, averages, extremes, counts and shares, overall or by a dimension: which numeric column
 * the measure names (by its words, or by a hint such as money → a total or an amount), which
 * table it lives in, what it is grouped on and where the conditions' values are, chosen together
 * so the shortest join that reaches them all wins.
 */

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
  /** One group was asked for by "which": every group tied for first is the answer. */
  ties?: boolean;
  /** Tables the question names, where a value is looked for first. */
  named?: readonly string[];
  /** A percentage: of the rows meeting the conditions, or of each group. */
  share?: boolean;
  scale?: Scale | null;
}

const snake = (name: string) => identifierWords(name).join('_');
const tableWords = (table: KnownTable) => identifierWords(table.name, { table: true }).join('_');
const said = (tokens: readonly Token[]) => tokens.map((token) => token.raw).join(' ');

interface Choice {
  option: MeasureChoice | { table: KnownTable; column: null; times: undefined; hinted: false; score: number };
  dimension: Dimension | null;
  resolved: Resolved;
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
  const options: Choice['option'][] = [];
  if (spec.measure === null) {
    if (!spec.from) throw new CannotAnswer('I could not tell which table to count.');
    options.push({ table: spec.from, column: null, times: undefined, hinted: false, score: 0 });
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
  const considered = options.slice(0, 6);
  const bases = [...new Set(considered.map((option) => option.table))];
  let best: (Choice & { notes: string[] }) | null = null;
  let refusal: string | null = null;
  const top = options[0]?.score ?? 0;
  // Notes belong to the reading chosen, not to the ones tried on the way.
  const noted = context.notes.length;
  for (const option of considered) {
    // Once a reading works, only near-equal readings of the measure compete on their joins.
    if (best && option.score < top - 2) break;
    context.notes.splice(noted);
    let resolved: Resolved;
    try {
      resolved = resolveFilters(context, option.table, spec.filters, { named: spec.named ?? [], bases });
    } catch (error) {
      // A value this table cannot reach: another reading of the measure may reach it.
      if (error instanceof CannotAnswer && considered.length > 1) {
        refusal ??= error.message;
        continue;
      }
      throw error;
    }
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
    if (!best || total > best.total)
      best = { option, dimension, resolved, total, notes: context.notes.slice(noted) };
  }
  context.notes.splice(noted, context.notes.length - noted, ...(best?.notes ?? []));
  if (!best) {
    if (refusal !== null && spec.by === null) throw new CannotAnswer(refusal);
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

function vocabularyOf(query: QueryBuilder, choice: Choice, measure: Measure | null): Set<string> {
  const words = query.vocabulary();
  const { table } = choice.option;
  const priced = table.columns.some(
    (column) => column.words.includes('price') || column.words.includes('amount'),
  );
  if (priced && table.columns.some((column) => column.words.includes('quantity')))
    for (const word of salesWords) words.add(word);
  for (const word of choice.resolved.explains) words.add(word);
  for (const word of choice.dimension?.words ?? []) words.add(word);
  if (choice.option.hinted && measure?.hint) for (const word of hintVocabulary[measure.hint]) words.add(word);
  return words;
}

export function planAggregate(context: PlanContext, spec: AggregateSpec): QueryPlan {
  const choice = choose(context, spec);
  const { option, dimension, resolved } = choice;
  const { table, column } = option;
  const times = option.times ?? null;
  const { dialect } = context;
  const share = spec.share === true;
  const conditionsInCase = share && dimension === null;
  const query = queryOver(dialect, table, [...(dimension ? [dimension.path] : []), ...resolved.paths], {
    left: conditionsInCase,
  });
  const where = resolved.conditions.map((condition) => condition.write(query));
  const aggregate: Aggregate = column ? spec.aggregate : 'count';
  const operand = column
    ? `${query.column(table, column.name)}${times ? ` * ${query.column(table, times.name)}` : ''}`
    : '*';
  const measureName = column ? `${column.name}${times ? ` × ${times.name}` : ''}` : null;
  let measured = `${sqlAggregate[aggregate]}(${operand})`;
  let value = column
    ? `${aggregate}_${snake(column.name)}${times ? `_x_${snake(times.name)}` : ''}`
    : `${tableWords(table)}_count`;
  if (spec.scale && column) {
    const divisor = scaleDivisor(column, spec.scale);
    if (divisor === null)
      throw new CannotAnswer(
        `I could not tell what unit ${column.name} is in, to show it ${spec.scale.said}.`,
      );
    measured = `${measured} / ${divisor}.0`;
    value = `${value}_${spec.scale.unit}s`;
    const note = unitNote(spec.scale.unit);
    if (note !== null) context.notes.push(note);
  }
  const described = resolved.conditions.map((condition) => condition.described);
  const base = { filters: share ? [] : described, notes: context.notes };
  if (share) {
    if (!dimension && where.length === 0)
      throw new CannotAnswer(
        'A percentage needs a part to compare with the whole: say which rows, e.g. "percentage of orders where status is cancelled".',
      );
    const part = conditionsInCase ? where.join(' AND ') : null;
    const numerator =
      part === null ? measured : `SUM(CASE WHEN ${part} THEN ${column ? operand : '1'} ELSE 0 END)`;
    measured = dimension
      ? `100.0 * ${measured} / SUM(${measured}) OVER ()`
      : `100.0 * ${numerator} / ${column ? `SUM(${operand})` : 'COUNT(*)'}`;
    value = `percent_of_${column ? snake(column.name) : tableWords(table)}`;
  }
  const what = measureName ? `${aggregateWords[aggregate]} ${measureName}` : `Number of ${table.name} rows`;
  const shareSpec = (labels: string[]) => ({
    kind: 'share' as const,
    subject: table.name,
    measure: measureName,
    part: conditionsInCase ? described.join(' and ') : null,
    dimension: dimension?.display ?? null,
    labels,
    value,
  });
  if (!dimension) {
    const sql = query.sql({ select: [query.as(measured, value)], where: conditionsInCase ? [] : where });
    const answer = share
      ? shareSpec([])
      : measureName
        ? ({
            kind: 'scalar',
            aggregate,
            measure: measureName,
            subject: table.name,
            scale: spec.scale?.said ?? null,
          } as const)
        : ({ kind: 'count', subject: table.name } as const);
    return {
      ...base,
      sql,
      title: column ? `${what} of ${table.name}` : what,
      answer,
      vocabulary: vocabularyOf(query, choice, spec.measure),
    };
  }
  const selected = dimension.select(query);
  const direction = spec.direction === 'asc' ? 'ASC' : 'DESC';
  const labels = selected.map((entry) => entry.expression);
  const orderBy =
    dimension.ordered && spec.limit === null ? labels : [`${dialect.id(value)} ${direction}`, ...labels];
  const aliases = selected.map((entry) => entry.alias);
  const columns = [
    ...selected.map((entry) => query.as(entry.expression, entry.alias)),
    query.as(measured, value),
  ];
  const groupBy = [...dimension.group(query), ...labels];
  const sql =
    spec.ties === true && spec.limit === 1 && !share
      ? keepFirstTies(
          dialect,
          query.sql({ select: [...columns, rankColumn(dialect, measured, direction)], where, groupBy }),
          [...aliases, value],
          aliases.map((alias) => dialect.id(alias)),
        )
      : query.sql({ select: columns, where, groupBy, orderBy, limit: spec.limit });
  return {
    ...base,
    sql,
    title: `${share ? 'Share of ' : ''}${what} by ${dimension.display}`,
    answer: share
      ? shareSpec(aliases)
      : {
          kind: 'grouped',
          aggregate,
          measure: measureName,
          subject: table.name,
          dimension: dimension.display,
          labels: aliases,
          value,
          limit: spec.limit,
          direction: spec.direction,
        },
    vocabulary: vocabularyOf(query, choice, spec.measure),
  };
}
