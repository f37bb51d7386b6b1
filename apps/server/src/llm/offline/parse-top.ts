import { adjectives, moneyVerbWords, moneyVerbs, parseMeasure } from './parse-measure.ts';
import type { Direction, Filter, Question } from './question.ts';
import type { Token } from './words.ts';
import { contentTokens, tokenize } from './words.ts';

/*
 * Rankings: "top 5 artists by number of albums", "which genre has the most tracks", "the 5 most
 * expensive products", "the customer who spent the most". "Best", "worst" and "most popular" rank
 * too, but say nothing of by what: the planner asks.
 */

const DEFAULT_TOP = 10;

const adjectivePattern = new RegExp(`\\b(?:most |least )?(${Object.keys(adjectives).join('|')})\\b`, 'i');
export const superlatives =
  /\b(top|bottom|most|least|fewest|highest|lowest|greatest|maximum|minimum|best|worst)\b/i;
const ascending = new Set(['bottom', 'least', 'fewest', 'lowest', 'minimum', 'worst']);
/** Superlatives that name no measure: what they rank by has to be asked. */
const vague = new Set(['best', 'worst', 'popular', 'favorite', 'favourite', 'top', 'bottom']);

function numberIn(text: string): number | null {
  const match = /\b(\d{1,6})\b/.exec(text);
  return match ? Number(match[1]) : null;
}

function tokensOf(text: string): Token[] {
  return contentTokens(tokenize(text));
}

/** "the cheapest product" asks for one; "the cheapest products" for a few. */
function saysOne(rest: string): boolean {
  const nouns = contentTokens(tokenize(rest));
  const last = nouns.at(-1);
  return last !== undefined && last.raw.toLowerCase() === last.norm && !/s$/i.test(last.raw);
}

export function parseTop(rest: string, by: string | null, filters: Filter[]): Question | null {
  const adjective = adjectivePattern.exec(rest);
  const superlative = superlatives.exec(rest);
  if (!adjective && !superlative) return null;
  const which = /^(?:which|what|who)\b/i.test(rest);
  const said = numberIn(rest);
  const limit = said ?? (which || saysOne(rest) ? 1 : DEFAULT_TOP);
  // "which genre has the most tracks" is every genre that has that many; "top 1 genre" is one.
  const ties = said === null && limit === 1;
  if (adjective && (!superlative || /^(most|least)$/i.test(superlative[1] ?? ''))) {
    const word = (adjective[1] ?? '').toLowerCase();
    const meaning = adjectives[word] ?? { hint: 'size', direction: 'desc' };
    const direction = /^least/i.test(adjective[0]) ? 'asc' : meaning.direction;
    const target = tokensOf(rest.replace(adjective[0], ' '));
    const ranking = by === null ? { aggregate: null, words: [], hint: meaning.hint } : parseMeasure(by);
    return { kind: 'top', target, filters, limit, ties, direction, ranking };
  }
  if (!superlative) return null;
  const word = (superlative[1] ?? '').toLowerCase();
  const direction: Direction = ascending.has(word) ? 'asc' : 'desc';
  const before = rest.slice(0, superlative.index);
  let after = rest.slice(superlative.index + superlative[0].length);
  // "the most popular tracks": a superlative of no measure.
  const popular = /^\s*(popular|favou?rite)\b/i.exec(after);
  if (popular) after = after.slice(popular[0].length);
  if (vague.has(word) || popular) {
    const ranking = by === null ? null : parseMeasure(by);
    return { kind: 'top', target: tokensOf(`${before} ${after}`), filters, limit, ties, direction, ranking };
  }
  // "which genre has the most tracks": the subject before the verb, the measure after.
  const verb = /\b(?:has|have|had|with|got|gets|get|having|contains?)\b\s*(?:the\s*)?$/i.exec(before.trim());
  if (verb) {
    // "the most payments" counts the payments when a table holds them (the planner knows), and
    // totals the money otherwise: no aggregate is said, so none is decided here.
    const ranking = parseMeasure(by ?? after);
    return {
      kind: 'top',
      target: tokensOf(before.trim().slice(0, verb.index)),
      filters,
      limit,
      ties,
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
      ties,
      direction,
      ranking: { aggregate: 'sum', words: [], hint: 'money' },
    };
  }
  // "the highest unit price": a column's extreme, or rows ranked by it when "by" says how.
  const ranking = by === null ? null : parseMeasure(by);
  return { kind: 'top', target: tokensOf(`${before} ${after}`), filters, limit, ties, direction, ranking };
}
