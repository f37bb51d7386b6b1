import type { SemanticFilter } from '@querent/contracts';
import { addsUpWords, averagedWords, perRowWords } from '../plan-per.ts';
import type { Aggregate, Direction, Filter, Question } from '../question.ts';
import { valueFilter } from '../question.ts';
import type { Token } from '../words.ts';
import { stopWords } from '../words.ts';
import { countFigure, figureWords, measureFigure, metricFigure } from './figures.ts';
import { type Grouping, groupingOf } from './group-by.ts';
import type { Figure, Read, ReadingContext, SemanticReading } from './reading.ts';
import { baseQuery, datasetNamed, figureName, isKind, termWords } from './reading.ts';
import { readFilters, valueLookUps } from './semantic-filters.ts';
import { type Cover, coverWords, type Match } from './terms.ts';

const leftWords = (read: Cover | null) => (read?.left ?? []).map((token) => token.norm);
import { isYear } from './time-dimension.ts';
import type { VocabularyDataset } from './vocabulary.ts';

/*
 * A parsed question (parse-question.ts) read against the semantic model's words instead of the
 * tables': how many of a dataset, a measure's total, average, lowest or highest, by a dimension
 * or a period, and which group has the most. Any word the model does not spell, any term it
 * cannot place without guessing (a measure two datasets have, a date among several), and it
 * returns null: the schema reading answers or declines instead.
 */

// Verbs that say nothing about what to count ("how many employees work here").
const countFillers = new Set(['work', 'exist', 'employ']);
// Verbs that say nothing about what to add up ("the total quantity sold"); never in a count, where
// "how many products were ordered" counts something else than the products.
const measureFillers = new Set(['sold', 'ordered', 'purchased', 'bought']);

function cover(context: ReadingContext, tokens: readonly Token[], fillers = countFillers): Cover | null {
  const read = coverWords(tokens, context.entries);
  const ignorable = (token: Token) => stopWords.has(token.norm) || fillers.has(token.raw.toLowerCase());
  return read.left.every(ignorable) ? read : null;
}

/**
 * "How many orders were cancelled": one word left beside the dataset counted is a value to look
 * for among its categories, as the schema reading takes it.
 */
function bareValue(
  context: ReadingContext,
  tokens: readonly Token[],
  fillers: ReadonlySet<string>,
): { read: Cover; filter: Filter } | null {
  const read = coverWords(tokens, context.entries);
  const ignorable = (token: Token) => stopWords.has(token.norm) || fillers.has(token.raw.toLowerCase());
  const rest = read.left.filter((token) => !ignorable(token));
  const [word] = rest;
  if (rest.length !== 1 || !word) return null;
  return {
    read: { ...read, left: read.left.filter(ignorable) },
    filter: {
      column: null,
      op: '=',
      values: [word.raw],
      form: 'bare',
      unit: null,
      hint: null,
      replaces: false,
    },
  };
}

/**
 * "by invoice total", "the highest total": the question parser takes "total" for the aggregate,
 * but it is also the measure's own word. Read again with it when the question says it.
 */
function withTotal(tokens: readonly Token[], text: string): Token[] | null {
  if (!/\btotal\b/i.test(text) || tokens.some((token) => token.norm === 'total')) return null;
  return [...tokens, { raw: 'total', norm: 'total' }];
}

/** The one dataset a match names, or null. */
function datasetOf(context: ReadingContext, match: Match): VocabularyDataset | null {
  const datasets = match.terms.filter(isKind('dataset'));
  return datasets.length === 1 && datasets[0] ? datasetNamed(context, datasets[0].dataset.name) : null;
}

/** A figure named by its words: a dataset counted, a metric, or a measure, aggregated as asked. */
function figureOf(
  context: ReadingContext,
  matches: readonly Match[],
  aggregate: Aggregate | null,
): { figure: Figure; home: VocabularyDataset; used: Match[] } | null {
  const { vocabulary } = context;
  const datasets = matches.map((match) => datasetOf(context, match)).filter((entry) => entry !== null);
  const named = datasets.length === 1 ? datasets[0] : null;
  const valued = matches.filter((match) =>
    match.terms.some((term) => term.kind === 'metric' || term.kind === 'measure'),
  );
  if (valued.length === 0) {
    if ((aggregate !== null && aggregate !== 'count') || !named || datasets.length !== 1) return null;
    const figure = countFigure(vocabulary, named);
    const used = matches.filter((match) => datasetOf(context, match) === named);
    return figure ? { figure, home: named, used } : null;
  }
  if (valued.length !== 1 || !valued[0]) return null;
  const match = valued[0];
  const inDataset = (dataset: string) => named === null || named === undefined || dataset === named.name;
  const metrics = match.terms.filter(isKind('metric')).map((term) => term.metric);
  const measures = match.terms
    .filter(isKind('measure'))
    .map((term) => term.measure)
    .filter((measure) => inDataset(measure.dataset));
  // A score or a price is never added up unasked ("the student with the highest score").
  const averaged = (phrases: readonly (readonly string[])[]) =>
    phrases.some((phrase) => phrase.some((word) => averagedWords.has(word)));
  if (aggregate === null && [...metrics, ...measures].some((item) => averaged(item.phrases))) return null;
  const wanted = aggregate === null || aggregate === 'count' ? 'sum' : aggregate;
  let figure: Figure | null = null;
  if (metrics.length === 1 && metrics[0] && named == null)
    figure = metricFigure(vocabulary, metrics[0], wanted);
  else if (measures.length === 1 && measures[0] && measures[0].aggregation !== 'count')
    figure = measureFigure(vocabulary, measures[0], wanted);
  if (!figure) return null;
  const homeName =
    figure.kind === 'measure' ? figure.measure.dataset : ((figure.metric.measure ?? '').split('.')[0] ?? '');
  const home = datasetNamed(context, homeName);
  if (!home) return null;
  const others = datasets.filter((dataset) => dataset !== home);
  if (others.length > 0) return null;
  return {
    figure,
    home,
    used: matches.filter((entry) => entry === match || datasetOf(context, entry) === home),
  };
}

/**
 * Largest first, ties by the groups' names (so "top 5" is the same five every time); periods in
 * their order.
 */
function orderOf(value: string, grouping: Grouping | null, order: { direction: Direction } | null) {
  if (grouping === null) return [];
  const byPeriod = grouping.dimensions.some((dimension) => dimension.grain !== undefined);
  if (byPeriod && order === null) {
    return grouping.dimensions.map((dimension) => ({
      field: dimension.dimension,
      direction: 'asc' as const,
    }));
  }
  const names = grouping.dimensions
    .filter((dimension) => !grouping.hidden.some((hidden) => dimension.dimension.endsWith(`.${hidden}`)))
    .map((dimension) => ({ field: dimension.dimension, direction: 'asc' as const }));
  return [{ field: value, direction: order?.direction ?? ('desc' as const) }, ...names];
}

/** Values to look up before the conditions can be read, or null when looking up would not help. */
function lookUpOrNull(context: ReadingContext, home: VocabularyDataset, filters: readonly Filter[]): Read {
  const lookUps = valueLookUps(context.vocabulary, home, filters);
  return lookUps.length > 0 ? { kind: 'look-up', lookUps } : null;
}

/**
 * Rows grouped on a dataset's key are rows that have one: a customer with no sales rep is no
 * employee, and the group of those without one must not come first in "which employee has the
 * most customers".
 */
function keyedRows(grouping: Grouping | null): SemanticFilter[] {
  return (grouping?.keys ?? []).map((dataset) => ({
    dimension: `${dataset}.${dataset}_key`,
    operator: 'is_not_null' as const,
    values: [],
  }));
}

function reading(
  figure: Figure,
  filters: NonNullable<ReturnType<typeof readFilters>>,
  grouping: Grouping | null,
  order: { direction: Direction; limit: number; ties: boolean } | null,
  words: string[],
): SemanticReading {
  const base = baseQuery(figure, filters);
  const value = figureName(figure);
  const what = figureWords(figure);
  return {
    kind: 'reading',
    query: {
      metrics: base.metrics,
      dimensions: grouping?.dimensions ?? [],
      filters: [...base.filters, ...keyedRows(grouping)],
      orderBy: orderOf(value, grouping, order),
      ...(order ? { limit: order.limit, ...(order.ties ? { ties: true } : {}) } : {}),
    },
    measures: base.measures,
    keys: grouping?.keys ?? [],
    figure,
    value,
    answer:
      grouping === null
        ? { kind: 'total', what }
        : order
          ? {
              kind: 'ranked',
              what,
              by: grouping.label,
              hidden: grouping.hidden,
              limit: order.limit,
              direction: order.direction,
            }
          : { kind: 'grouped', what, by: grouping.label, hidden: grouping.hidden },
    described: filters.described,
    words: new Set([...words, ...filters.words]),
  };
}

/** Whether the figure's words say it adds up per parent (a quantity, an amount, a total). */
function addsUp(figure: Figure): boolean {
  const phrases = figure.kind === 'metric' ? figure.metric.phrases : figure.measure.phrases;
  return (
    phrases.some((phrase) => addsUpWords(phrase)) &&
    !phrases.some((phrase) => phrase.some((word) => perRowWords.has(word)))
  );
}

function groupFrom(
  context: ReadingContext,
  tokens: readonly Token[] | null,
  home: VocabularyDataset,
  aggregate: Aggregate | null,
  figure: Figure,
): { grouping: Grouping | null; words: string[] } | null {
  if (tokens === null || tokens.length === 0) return { grouping: null, words: [] };
  const read = cover(context, tokens);
  if (!read || read.matches.length !== 1 || !read.matches[0]) return null;
  const grouping = groupingOf(read.matches[0], home, context.vocabulary.datasets);
  // Periods are labelled by their first day ("2023-01-01" for 2023); the schema reading labels
  // them as people do (2023, "2023-01"), so a figure per period is left to it. A ranking of
  // periods ("which month of 2013") stays here: the schema reading takes its year for a limit.
  if (!grouping || grouping.dimensions.some((dimension) => dimension.grain !== undefined)) return null;
  // "the average quantity per order" averages the orders' totals, not each order's lines: not a
  // grouping on the orders' rows. What does not add up ("the average salary by department") is
  // averaged within each group, as the schema reading does.
  if (aggregate === 'avg' && grouping.keys.length > 0 && addsUp(figure)) return null;
  return { grouping, words: termWords(read.matches) };
}

function readTotal(
  context: ReadingContext,
  tokens: readonly Token[],
  aggregate: Aggregate | null,
  by: Token[] | null,
  asked: readonly Filter[],
): Read {
  const fillers = aggregate === 'count' ? countFillers : measureFillers;
  const bare = aggregate === 'count' ? bareValue(context, tokens, fillers) : null;
  const covered = bare ? bare.read : cover(context, tokens, fillers);
  if (!covered) return null;
  // Words that spell a value the model knows ("cancelled" once looked up) are conditions.
  const values = covered.matches.filter((match) => match.terms.every((term) => term.kind === 'value'));
  const read = { ...covered, matches: covered.matches.filter((match) => !values.includes(match)) };
  const filters = [
    ...asked,
    ...(bare ? [bare.filter] : []),
    ...values.map((match) => valueFilter('bare', [match.tokens.map((token) => token.raw).join(' ')])),
  ];
  const found = figureOf(context, read.matches, aggregate);
  if (!found || found.used.length !== read.matches.length) return null;
  const group = groupFrom(context, by, found.home, aggregate, found.figure);
  if (!group) return null;
  const conditions = readFilters(context.vocabulary, found.home, filters);
  if (!conditions) return lookUpOrNull(context, found.home, filters);
  return reading(found.figure, conditions, group.grouping, null, [
    ...termWords(read.matches),
    ...leftWords(read),
    ...group.words,
  ]);
}

/** "in 2013" read as a limit by the top pattern ("which month of 2013"): a year, and one row. */
function yearAsLimit(
  question: Extract<Question, { kind: 'top' }>,
  text: string,
): Extract<Question, { kind: 'top' }> {
  const said = String(question.limit);
  if (!isYear(said) || !new RegExp(`\\b(?:in|of|during|for)\\s+${said}\\b`, 'i').test(text)) return question;
  return {
    ...question,
    limit: 1,
    ties: true,
    filters: [
      ...question.filters,
      { column: null, op: '=', values: [said], form: 'loose', unit: null, hint: null, replaces: false },
    ],
  };
}

function readTop(context: ReadingContext, asked: Extract<Question, { kind: 'top' }>, text: string): Read {
  const question = yearAsLimit(asked, text);
  const target = cover(context, question.target);
  if (!target || target.matches.length === 0) return null;
  const first = readTopWith(context, question, target, question.ranking?.words ?? null);
  if (first) return first;
  const total = withTotal(question.ranking?.words ?? [], text);
  return total ? readTopWith(context, question, target, total) : null;
}

function readTopWith(
  context: ReadingContext,
  question: Extract<Question, { kind: 'top' }>,
  target: Cover,
  rankingWords: readonly Token[] | null,
): Read {
  const ranking = rankingWords === null ? null : cover(context, rankingWords);
  if (rankingWords !== null && !ranking) return null;
  const [group, ...rest] = target.matches;
  if (!group) return null;
  // "the highest track unit price": no group, the measure's extreme.
  const aggregate: Aggregate = question.direction === 'asc' ? 'min' : 'max';
  if ((ranking === null || ranking.matches.length === 0) && question.limit === 1) {
    const whole = figureOf(context, target.matches, aggregate);
    if (whole && whole.used.length === target.matches.length && whole.figure.kind !== 'metric') {
      const conditions = readFilters(context.vocabulary, whole.home, question.filters);
      if (conditions)
        return reading(whole.figure, conditions, null, null, [
          ...termWords(target.matches),
          ...leftWords(target),
        ]);
    }
  }
  const ranked = [...rest, ...(ranking?.matches ?? [])];
  const found = figureOf(context, ranked, question.ranking?.aggregate ?? null);
  if (!found || found.used.length !== ranked.length) return null;
  const grouping = groupingOf(group, found.home, context.vocabulary.datasets);
  if (!grouping) return null;
  const conditions = readFilters(context.vocabulary, found.home, question.filters);
  if (!conditions) return lookUpOrNull(context, found.home, question.filters);
  return reading(
    found.figure,
    conditions,
    grouping,
    { direction: question.direction, limit: question.limit, ties: question.ties },
    [
      ...termWords(target.matches),
      ...termWords(ranking?.matches ?? []),
      ...leftWords(target),
      ...leftWords(ranking),
    ],
  );
}

/** The question as a metric query of the model, or null when the model's words do not carry it. */
export function readSemantic(context: ReadingContext, question: Question, text: string): Read {
  switch (question.kind) {
    case 'count':
      if (question.listing) return null;
      return readTotal(context, question.target, 'count', question.by, question.filters);
    case 'aggregate': {
      if (question.scale !== null) return null;
      const tokens = [...question.target, ...question.measure.words];
      const read = (words: Token[]) =>
        readTotal(context, words, question.measure.aggregate, question.by, question.filters);
      // "What is the invoice total?": the parser took "total" for the sum; it is also the metric's word.
      const total = withTotal(tokens, text);
      return read(tokens) ?? (total ? read(total) : null);
    }
    case 'top':
      return readTop(context, question, text);
    default:
      return null;
  }
}
