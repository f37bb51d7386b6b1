import type { PlanContext } from './plan-context.ts';
import { requireTables } from './plan-context.ts';
import type { Filter, Question } from './question.ts';
import { valueFilter } from './question.ts';
import type { TableMatch } from './resolve-names.ts';
import { matchTable } from './resolve-names.ts';
import type { KnownTable } from './schema-knowledge.ts';
import type { Token } from './words.ts';
import { contentTokens, tokenize } from './words.ts';

/*
 * The table a question is about: named in its words ("how many customers"), or in a clause that
 * looked like a filter ("count rows in order lines"). Words left over next to the table's name
 * ("cancelled orders") may be values to filter on.
 */

export interface Subject {
  name: string | null;
  /** The target's words the table's name did not use. */
  rest: Token[];
  /** The filters, without one that turned out to name the table. */
  filters: Filter[];
}

/**
 * The table named first, when two are named apart ("tracks on albums by Metallica" is about
 * tracks); next to each other, the last one ("product categories" are categories).
 */
function subjectMatch(context: PlanContext, target: readonly Token[]): TableMatch | null {
  const last = matchTable(target, context.names);
  if (!last) return null;
  const others = target.filter((_, index) => !last.used.has(index));
  const other = matchTable(others, context.names);
  if (!other || other.name === last.name) return last;
  const positions = (match: TableMatch, tokens: readonly Token[]) =>
    [...match.used].map((index) => tokens[index]?.at ?? index);
  const lastStart = Math.min(...positions(last, target));
  const otherEnd = Math.max(...positions(other, others));
  if (otherEnd >= lastStart - 1) return last;
  const used = new Set(
    target.flatMap((token, index) =>
      others.indexOf(token) !== -1 && other.used.has(others.indexOf(token)) ? [index] : [],
    ),
  );
  return { ...other, used };
}

export function findSubject(
  context: PlanContext,
  target: readonly Token[],
  filters: readonly Filter[],
): Subject {
  const match = subjectMatch(context, target);
  if (match) {
    return {
      name: match.name,
      rest: target.filter((_, index) => !match.used.has(index)),
      filters: [...filters],
    };
  }
  for (const filter of filters) {
    if (filter.form !== 'loose' || filter.op !== '=' || filter.values.length !== 1) continue;
    const words = contentTokens(tokenize(filter.values[0] ?? ''));
    const named = matchTable(words, context.names);
    if (named && named.used.size === words.length) {
      return { name: named.name, rest: [...target], filters: filters.filter((other) => other !== filter) };
    }
  }
  return { name: null, rest: [...target], filters: [...filters] };
}

/**
 * Words left over next to the table's name are values to look up ("cancelled" in "how many orders
 * were cancelled"): each run of neighbouring words is one value, "or" makes a list of them
 * ("cancelled or returned") and a "not" before them negates it. Words of the table's own name
 * were used to find it.
 */
export function bareFilters(
  table: KnownTable,
  rest: readonly Token[],
  target: readonly Token[],
  names: readonly string[] = [],
): Filter[] {
  const own = new Set(table.words);
  const filters: Filter[] = [];
  let values: string[] = [];
  let run: Token[] = [];
  let negate = false;
  let lastIndex = -2;
  const endValue = () => {
    if (run.length > 0) values.push(run.map((token) => token.raw).join(' '));
    run = [];
  };
  const flush = () => {
    endValue();
    if (values.length > 0) filters.push(valueFilter('bare', values, { op: negate ? '!=' : '=' }));
    values = [];
    negate = false;
  };
  for (const token of rest) {
    if (own.has(token.norm) && run.length === 0) continue;
    const index = target.indexOf(token);
    // A value may hold a word or two of grammar ("Let There Be Rock"): spelt back as said.
    const gap = token.gap ?? null;
    // After a table's name ("the album Let There Be Rock") the whole value follows it.
    const afterTable = run.length === 1 && run[0] !== undefined && matchTable([run[0]], names) !== null;
    const spans = gap !== null && (afterTable || gap.split(' ').filter(Boolean).length <= 2);
    if (index !== lastIndex + 1 || (run.length > 0 && !spans)) flush();
    lastIndex = index;
    if (run.length > 0 && gap) run.push({ raw: gap, norm: gap.toLowerCase() });
    if (token.norm === 'not' || token.norm === 'no') {
      flush();
      negate = true;
    } else if (token.norm === 'or' && run.length > 0) endValue();
    else run.push(token);
  }
  flush();
  return filters;
}

/** Tables every phrase of the question names, to describe in one step rather than one by one. */
export function namedTables(context: PlanContext, question: Question): string[] {
  const phrases: Token[][] = [];
  if ('target' in question) phrases.push(question.target);
  if (question.kind === 'aggregate') phrases.push(question.measure.words);
  if (question.kind === 'top' && question.ranking) phrases.push(question.ranking.words);
  if ((question.kind === 'aggregate' || question.kind === 'count') && question.by) phrases.push(question.by);
  if (question.kind === 'distinct') phrases.push(question.column);
  if (question.kind === 'per')
    phrases.push(question.counted ?? [], question.per, question.measure?.words ?? []);
  if ('filters' in question) {
    for (const filter of question.filters)
      for (const value of filter.values) phrases.push(contentTokens(tokenize(value)));
  }
  const names = new Set<string>();
  for (const phrase of phrases) {
    let rest = phrase;
    // A phrase may name two tables ("invoice lines by genre" → InvoiceLine and Genre).
    for (let round = 0; round < 3 && rest.length > 0; round += 1) {
      const match = matchTable(rest, context.names);
      if (!match) break;
      names.add(match.name);
      rest = rest.filter((_, index) => !match.used.has(index));
    }
  }
  return [...names];
}

/** Describes, in one step, the named tables and the best keyword matches of the schema search. */
export function prefetch(context: PlanContext, question: Question, withHits: boolean): void {
  const hits = withHits
    ? context.knowledge.hits
        .filter((card) => card.matching.length > 0)
        .slice(0, 5)
        .map((card) => card.name)
    : [];
  requireTables(context, [...new Set([...namedTables(context, question), ...hits])]);
}

export function describedTables(context: PlanContext): KnownTable[] {
  const order = new Map(context.names.map((name, index) => [name.toLowerCase(), index]));
  return [...context.knowledge.described.values()].sort(
    (a, b) => (order.get(a.name.toLowerCase()) ?? 1e6) - (order.get(b.name.toLowerCase()) ?? 1e6),
  );
}
