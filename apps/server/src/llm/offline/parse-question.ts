import { extractClauses } from './extract-clauses.ts';
import type { Aggregate, Direction, Filter, Measure, MeasureHint, Question } from './question.ts';
import type { Token } from './words.ts';
import { contentTokens, digitsForNumberWords, measureTokens, tokenize } from './words.ts';

/*
 * English question → what to compute, by patterns over the words, without the schema. Order
 * matters: SQL first, then the tables and a table's columns, then the kinds that compute
 * (distinct values, counts, top N, totals and averages) and last, showing rows.
 */

const DEFAULT_ROWS = 20;
const ALL_ROWS = 1000;
const DEFAULT_TOP = 10;

function looksLikeSql(text: string): boolean {
  return /^\(?\s*(select|with)\s/i.test(text) && /\bselect\b[\s\S]*\bfrom\b|^\s*select\s/i.test(text);
}

/** One spelling for the many ways of saying the same thing. */
function normalize(text: string): string {
  let s = ` ${text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"')} `;
  s = s.replace(/[?!.;:]+(?=\s|$)/g, ' ');
  s = s.replace(/\b(what|who|where|how|that|it)'s\b/gi, '$1 is');
  s = s.replace(/\b(can|could|would|will) you( please)?\b|\bplease\b|\bkindly\b/gi, ' ');
  s = s.replace(/\b(tell me|i want to know|i'd like to know|i would like to know|let me know)\b/gi, ' ');
  s = s.replace(
    /\b(give me|show me|let me see|i want to see|i'd like to see|i would like to see)\b/gi,
    'show',
  );
  s = s.replace(
    /\b(in each|for each|for every|in every|per|grouped by|broken down by|split by|for all)\b/gi,
    'by',
  );
  // "how many albums does each artist have": what follows "each" is what to group on.
  // ("list every customer" keeps its rows: only "each" after a verb or "of" groups.)
  s = s.replace(/\b(?:does|do|did|has|have|of)\s+(?:each|every)\b/gi, 'by');
  s = s.replace(/\bby by\b/gi, 'by');
  return digitsForNumberWords(s).replace(/\s+/g, ' ').trim();
}

function asksForTables(lower: string): boolean {
  if (/\b(describe|columns?|fields?|structure|schema of)\b/.test(lower)) return false;
  return (
    /\btables\b/.test(lower) ||
    /\bwhat (?:is|data is|do (?:we|you|i) have) (?:in|inside) (?:this|the|my) (?:database|db)\b/.test(
      lower,
    ) ||
    /^(?:show |list )?(?:all )?tables?$/.test(lower)
  );
}

const describePattern =
  /\b(?:describe|desc|structure|schema|definition|layout)\b|\b(?:columns|fields)\b|\bcolumn names\b|\blook like\b/i;
const describeWords =
  /\b(?:describe|desc|structure|schema|definition|layout|columns?|fields?|names|look|like|has|have)\b/gi;

function numberIn(text: string): number | null {
  const match = /\b(\d{1,6})\b/.exec(text);
  return match ? Number(match[1]) : null;
}

// Words that pick an order among rows, and the columns they point to.
const adjectives: Record<string, { hint: MeasureHint; direction: Direction }> = {
  expensive: { hint: 'price', direction: 'desc' },
  priciest: { hint: 'price', direction: 'desc' },
  cheapest: { hint: 'price', direction: 'asc' },
  cheap: { hint: 'price', direction: 'asc' },
  longest: { hint: 'duration', direction: 'desc' },
  long: { hint: 'duration', direction: 'desc' },
  shortest: { hint: 'duration', direction: 'asc' },
  short: { hint: 'duration', direction: 'asc' },
  newest: { hint: 'date', direction: 'desc' },
  latest: { hint: 'date', direction: 'desc' },
  recent: { hint: 'date', direction: 'desc' },
  oldest: { hint: 'date', direction: 'asc' },
  earliest: { hint: 'date', direction: 'asc' },
  biggest: { hint: 'size', direction: 'desc' },
  largest: { hint: 'size', direction: 'desc' },
  smallest: { hint: 'size', direction: 'asc' },
};
const adjectivePattern = new RegExp(`\\b(?:most |least )?(${Object.keys(adjectives).join('|')})\\b`, 'i');
const superlatives = /\b(top|bottom|most|least|fewest|highest|lowest|greatest|maximum|minimum)\b/i;
const ascending = new Set(['bottom', 'least', 'fewest', 'lowest', 'minimum']);

// Words for money when no column is named so: they point to a total or an amount.
const moneyWords = new Set([
  'sale',
  'revenue',
  'turnover',
  'income',
  'spend',
  'spent',
  'spending',
  'money',
  'payment',
  'earning',
]);
const moneyVerbs = /\b(spent|spend|paid|pay|earned|generated|made)\b/i;
const moneyVerbWords = new Set(['spent', 'spend', 'paid', 'pay', 'earned', 'generated', 'made']);

const aggregateWords: [RegExp, Aggregate][] = [
  [/\b(?:the )?(?:total )?(?:number|count|amount) of\b|\bhow many\b|\bcount\b/i, 'count'],
  [/\b(?:the )?(?:average|avg|mean)(?: of)?\b/i, 'avg'],
  [/\b(?:the )?(?:total|sum)(?: of)?\b/i, 'sum'],
  [/\b(?:the )?(?:maximum|max|highest|largest|biggest)(?: of)?\b/i, 'max'],
  [/\b(?:the )?(?:minimum|min|lowest|smallest)(?: of)?\b/i, 'min'],
];

/** A measure as said: "number of albums", "total spent", "average unit price", "invoice totals". */
export function parseMeasure(text: string): Measure {
  const padded = ` ${text} `;
  // The first aggregate word said is the one meant: "minimum invoice total" is a minimum.
  let found: { aggregate: Aggregate; index: number; length: number } | null = null;
  for (const [pattern, aggregate] of aggregateWords) {
    const match = pattern.exec(padded);
    if (match && (!found || match.index < found.index)) {
      found = { aggregate, index: match.index, length: match[0].length };
    }
  }
  const rest = found ? `${padded.slice(0, found.index)} ${padded.slice(found.index + found.length)}` : padded;
  const words = measureTokens(tokenize(rest));
  const money = words.some((word) => moneyWords.has(word.norm)) || moneyVerbs.test(rest);
  return { aggregate: found?.aggregate ?? null, words, hint: money ? 'money' : null };
}

function tokensOf(text: string): Token[] {
  return contentTokens(tokenize(text));
}

/** "which genre has the most tracks", "top 5 artists by number of albums", "5 most expensive products". */
function parseTop(rest: string, by: string | null, filters: Filter[]): Question | null {
  const adjective = adjectivePattern.exec(rest);
  const superlative = superlatives.exec(rest);
  if (!adjective && !superlative) return null;
  const which = /^(?:which|what|who)\b/i.test(rest);
  const limit = numberIn(rest) ?? (which ? 1 : DEFAULT_TOP);
  if (adjective && (!superlative || /^(most|least)$/i.test(superlative[1] ?? ''))) {
    const word = (adjective[1] ?? '').toLowerCase();
    const meaning = adjectives[word] ?? { hint: 'size', direction: 'desc' };
    const direction = /^least/i.test(adjective[0]) ? 'asc' : meaning.direction;
    const target = tokensOf(rest.replace(adjective[0], ' '));
    const ranking = by === null ? { aggregate: null, words: [], hint: meaning.hint } : parseMeasure(by);
    return { kind: 'top', target, filters, limit, direction, ranking };
  }
  if (!superlative) return null;
  const word = (superlative[1] ?? '').toLowerCase();
  const direction: Direction = ascending.has(word) ? 'asc' : 'desc';
  const before = rest.slice(0, superlative.index);
  const after = rest.slice(superlative.index + superlative[0].length);
  if (word === 'top' || word === 'bottom') {
    const ranking = by === null ? null : parseMeasure(by);
    return { kind: 'top', target: tokensOf(`${before} ${after}`), filters, limit, direction, ranking };
  }
  // "which genre has the most tracks": the subject before the verb, the measure after.
  const verb = /\b(?:has|have|had|with|got|gets|get|having|contains?)\b\s*(?:the\s*)?$/i.exec(before.trim());
  if (verb) {
    const measure = parseMeasure(by ?? after);
    const ranking = { ...measure, aggregate: measure.aggregate ?? (measure.hint === 'money' ? 'sum' : null) };
    return {
      kind: 'top',
      target: tokensOf(before.trim().slice(0, verb.index)),
      filters,
      limit,
      direction,
      ranking,
    };
  }
  // "the customer who spent the most": the measure is in the verb.
  if (after.trim() === '' && moneyVerbs.test(before)) {
    const target = tokensOf(before).filter((token) => !moneyVerbWords.has(token.norm));
    return {
      kind: 'top',
      target,
      filters,
      limit,
      direction,
      ranking: { aggregate: 'sum', words: [], hint: 'money' },
    };
  }
  // "the highest unit price": a column's extreme, or rows ranked by it when "by" says how.
  const ranking = by === null ? null : parseMeasure(by);
  return { kind: 'top', target: tokensOf(`${before} ${after}`), filters, limit, direction, ranking };
}

function parseAggregate(rest: string, by: string | null, filters: Filter[]): Question | null {
  const keyword = /\b(total|sum|average|avg|mean|maximum|max|minimum|min)\b/i.exec(rest);
  if (!keyword) return null;
  const measure = parseMeasure(rest.slice(keyword.index));
  if (measure.aggregate === null || measure.aggregate === 'count') return null;
  const target = tokensOf(rest.slice(0, keyword.index));
  return {
    kind: 'aggregate',
    measure: { ...measure, aggregate: measure.aggregate },
    target,
    filters,
    by: by === null ? null : measureTokens(tokenize(by)),
  };
}

function parseDistinct(rest: string, filters: Filter[]): Question | null {
  const keyword = /\b(distinct|unique|different)\b/i.exec(rest);
  if (!keyword) return null;
  const count = /\b(how many|number of|count)\b/i.test(rest.slice(0, keyword.index));
  const after = rest.slice(keyword.index + keyword[0].length).replace(/^\s*values?\s+(?:of|for|in)\b/i, ' ');
  // "countries of customers": the column, then the table.
  const split = /\b(?:of|among|across|for)\b/i.exec(after);
  const column = split ? after.slice(0, split.index) : after;
  const target = split ? after.slice(split.index + split[0].length) : rest.slice(0, keyword.index);
  return { kind: 'distinct', column: tokensOf(column), target: tokensOf(target), filters, count };
}

type RowsOrder = Extract<Question, { kind: 'rows' }>['order'];

function parseRows(rest: string, filters: Filter[], order: RowsOrder): Question {
  const last = /\b(last|latest)\b/i.test(rest);
  const limit = numberIn(rest) ?? (/\b(all|every)\b/i.test(rest) ? ALL_ROWS : DEFAULT_ROWS);
  const ordering = order ?? (last ? { words: [], hint: 'date' as const, direction: 'desc' as const } : null);
  return { kind: 'rows', target: tokensOf(rest), filters, limit, order: ordering };
}

export function parseQuestion(text: string): Question {
  const trimmed = text.trim();
  if (looksLikeSql(trimmed)) return { kind: 'sql', sql: trimmed.replace(/;\s*$/, '') };
  const normalized = normalize(trimmed);
  const lower = normalized.toLowerCase();
  if (lower === '') return { kind: 'unknown' };
  if (asksForTables(lower)) return { kind: 'tables' };
  if (describePattern.test(lower)) {
    return { kind: 'describe', target: tokensOf(normalized.replace(describeWords, ' ')) };
  }
  const clauses = extractClauses(normalized);
  const filters = clauses.filters.filter(
    (filter) => filter.column !== null || /^\d+$/.test(filter.value) || tokensOf(filter.value).length > 0,
  );
  const { rest, by } = clauses;
  const order = clauses.order === null ? null : { ...clauses.order, hint: null };
  const distinct = parseDistinct(rest, filters);
  if (distinct) return distinct;
  if (
    /\b(top|bottom)\b/i.test(rest) ||
    /^(?:which|what|who)\b.*\b(most|least|fewest|highest|lowest)\b/i.test(rest)
  ) {
    const top = parseTop(rest, by, filters);
    if (top) return top;
  }
  if (/\b(how many|number of|count|amount of)\b/i.test(rest)) {
    const target = tokensOf(rest);
    return { kind: 'count', target, filters, by: by === null ? null : measureTokens(tokenize(by)) };
  }
  const aggregate = parseAggregate(rest, by, filters);
  if (aggregate) return aggregate;
  const top = parseTop(rest, by, filters);
  if (top) return top;
  // "customers by country" counts rows; "sales by country" (no table named) totals the measure.
  if (by !== null) return { kind: 'count', target: tokensOf(rest), filters, by: measureTokens(tokenize(by)) };
  const rows = parseRows(rest, filters, order);
  if (rows.kind === 'rows' && rows.target.length === 0 && filters.every((filter) => filter.form !== 'loose'))
    return { kind: 'unknown' };
  return rows;
}
