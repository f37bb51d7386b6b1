import { extractClauses } from './extract-clauses.ts';
import { normalizeQuestion } from './normalize-question.ts';
import { parseMeasure } from './parse-measure.ts';
import { parseTop, superlatives } from './parse-top.ts';
import type { Filter, Question } from './question.ts';
import { unsupportedIn } from './unsupported.ts';
import type { Token } from './words.ts';
import { contentTokens, measureTokens, tokenize } from './words.ts';

/*
 * English question → what to compute, by patterns over the words, without the schema. Order
 * matters: SQL first, then the tables and a table's columns, what it knows it cannot do, then the
 * kinds that compute (shares, averages over parents, distinct values, rankings, counts, totals and
 * averages) and last, showing rows.
 */

export { parseMeasure } from './parse-measure.ts';

/** Rows shown when the question names no number: all of them, up to what the chat shows. */
const ALL_ROWS = 1000;

function looksLikeSql(text: string): boolean {
  return /^\(?\s*(select|with)\s/i.test(text) && /\bselect\b[\s\S]*\bfrom\b|^\s*select\s/i.test(text);
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

function tokensOf(text: string): Token[] {
  return contentTokens(tokenize(text));
}

const byTokens = (by: string | null) => (by === null ? null : measureTokens(tokenize(by)));

function parseAggregate(
  rest: string,
  by: string | null,
  filters: Filter[],
  clauses: ReturnType<typeof extractClauses>,
): Question | null {
  const keyword =
    /\b(total|sum|average|avg|mean|maximum|max|minimum|min|largest|biggest|highest|greatest|smallest|lowest)\b/i.exec(
      rest,
    );
  if (!keyword) return null;
  const measure = parseMeasure(rest.slice(keyword.index));
  if (measure.aggregate === null || measure.aggregate === 'count') return null;
  return {
    kind: 'aggregate',
    measure: { ...measure, aggregate: measure.aggregate },
    target: tokensOf(rest.slice(0, keyword.index)),
    filters,
    by: byTokens(by),
    scale: clauses.scale,
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

/** "what percentage of orders were cancelled", "share of revenue by category". */
function parseShare(normalized: string): Question | null {
  const match =
    /^(?:what|which)?\s*(?:is|are|was|were)?\s*(?:the\s+)?(?:percentage|share|proportion|fraction|ratio)\s+of\s+(.+)$/i.exec(
      normalized,
    );
  if (!match) return null;
  const inner = match[1] ?? '';
  const money = parseMeasure(inner.split(/\s+/).slice(0, 2).join(' ')).hint === 'money';
  const of = parseQuestion(money ? `total ${inner}` : `how many ${inner}`);
  return of.kind === 'count' || of.kind === 'aggregate' ? { kind: 'share', of } : { kind: 'unknown' };
}

/** Numbers no clause took: a rows or top question may have one (how many), nothing else any. */
function strayNumbers(question: Question, rest: string): string[] {
  const numbers = rest.match(/\b\d+(?:[.,:/-]\d+)*\b/g) ?? [];
  const allowed = question.kind === 'rows' || question.kind === 'top' ? 1 : 0;
  return numbers.slice(allowed);
}

export function parseQuestion(text: string): Question {
  const trimmed = text.trim();
  if (looksLikeSql(trimmed)) return { kind: 'sql', sql: trimmed.replace(/;\s*$/, '') };
  const normalized = normalizeQuestion(trimmed);
  const lower = normalized.toLowerCase();
  if (lower === '') return { kind: 'unknown' };
  if (asksForTables(lower)) return { kind: 'tables' };
  if (describePattern.test(lower)) {
    return { kind: 'describe', target: tokensOf(normalized.replace(describeWords, ' ')) };
  }
  const unsupported = unsupportedIn(normalized);
  if (unsupported) return unsupported;
  const share = parseShare(normalized);
  if (share) return share;
  const clauses = extractClauses(normalized);
  const read = readKind(clauses, clauses.filters);
  const stray = strayNumbers(read, clauses.rest);
  if (stray.length > 0) return { kind: 'unsupported', reason: 'number', words: stray.join(', ') };
  // "in minutes" only converts a figure it computes.
  if (clauses.scale !== null && read.kind !== 'aggregate')
    return { kind: 'unsupported', reason: 'unit', words: clauses.scale.said };
  return read;
}

function readKind(clauses: ReturnType<typeof extractClauses>, filters: Filter[]): Question {
  const { rest, by } = clauses;
  const order = clauses.order === null ? null : { ...clauses.order, hint: null };
  const averageOf = /\b(?:average|avg|mean)\s+(?:number|count|amount)\s+of\s+(.+)$/i.exec(rest);
  if (averageOf && by !== null) {
    return {
      kind: 'per',
      counted: tokensOf(averageOf[1] ?? ''),
      measure: null,
      per: byTokens(by) ?? [],
      filters,
    };
  }
  const distinct = parseDistinct(rest, filters);
  if (distinct) return distinct;
  if (
    /\b(top|bottom|best|worst)\b/i.test(rest) ||
    (/^(?:which|what|who)\b/i.test(rest) && superlatives.test(rest))
  ) {
    const top = parseTop(rest, by, filters);
    if (top) return top;
  }
  if (/\b(how many|number of|count|amount of)\b/i.test(rest)) {
    return { kind: 'count', target: tokensOf(rest), filters, by: byTokens(by), listing: false };
  }
  const aggregate = parseAggregate(rest, by, filters, clauses);
  if (aggregate) return aggregate;
  const top = parseTop(rest, by, filters);
  if (top) return top;
  // "what is the revenue", "sales in 2024": money with no aggregate said is its total.
  const money = parseMeasure(rest);
  if (money.hint === 'money' && money.aggregate === null) {
    return {
      kind: 'aggregate',
      measure: { ...money, aggregate: 'sum' },
      target: [],
      filters,
      by: byTokens(by),
      scale: clauses.scale,
    };
  }
  // "customers by country" counts rows; "sales by country" (no table named) totals the measure;
  // "tracks by Queen" (not something to group on) lists them.
  if (by !== null) return { kind: 'count', target: tokensOf(rest), filters, by: byTokens(by), listing: true };
  const edge = /\b(first|last|latest|earliest)\b/i.exec(rest);
  const direction = /^(first|earliest)$/i.test(edge?.[1] ?? '') ? ('asc' as const) : ('desc' as const);
  const ordering = order ?? (edge ? { words: [], hint: 'date' as const, direction } : null);
  const target = tokensOf(rest);
  if (target.length === 0 && filters.every((filter) => filter.form !== 'loose')) return { kind: 'unknown' };
  // "the last order": one row; "the last orders": the default.
  const one = edge !== null && target.some((token) => token.raw.toLowerCase() === token.norm);
  return { kind: 'rows', target, filters, limit: numberIn(rest) ?? (one ? 1 : ALL_ROWS), order: ordering };
}
