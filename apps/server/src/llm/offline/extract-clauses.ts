import { extractFilters, unitOf, unitPattern } from './extract-filters.ts';
import type { Direction, Filter, Scale } from './question.ts';
import type { Token } from './words.ts';
import { measureTokens, tokenize } from './words.ts';

/*
 * The clauses of a question that do not depend on its kind: an ordering ("sorted by date"), the
 * unit a figure is wanted in ("in minutes", "in thousands"), the conditions (extract-filters.ts)
 * and the grouping ("by country", "per genre"). Each is cut out of the text, so what remains names
 * the subject and the measure.
 */

export { unquote } from './clause-patterns.ts';

export interface Clauses {
  /** The question without the clauses cut out of it. */
  rest: string;
  filters: Filter[];
  /** What follows "by" ("by billing country", "by number of albums"), as written. */
  by: string | null;
  order: { words: Token[]; direction: Direction } | null;
  scale: Scale | null;
}

const scales: Record<string, Scale['unit']> = {
  thousands: 'thousand',
  millions: 'million',
  billions: 'billion',
};

export function extractClauses(text: string): Clauses {
  let rest = ` ${text} `;
  let order: Clauses['order'] = null;
  rest = rest.replace(
    /\b(?:sorted|ordered|order|sort|ranked)\s+by\s+(.+?)(?:\s+(asc|ascending|desc|descending))?(?=\s*$|\s+(?:limit|where|and)\b)/i,
    (_whole, words: string, direction: string | undefined) => {
      order = {
        words: measureTokens(tokenize(words)),
        direction: direction?.toLowerCase().startsWith('asc') === true ? 'asc' : 'desc',
      };
      return ' ';
    },
  );
  let scale: Scale | null = null;
  rest = rest.replace(
    new RegExp(`\\bin\\s+(thousands|millions|billions|${unitPattern})\\s*$`, 'i'),
    (whole, said: string) => {
      const unit = scales[said.toLowerCase()] ?? unitOf(said);
      if (unit === null) return whole;
      scale = { said: whole.trim(), unit };
      return ' ';
    },
  );
  const extracted = extractFilters(rest);
  rest = extracted.rest;
  let by: string | null = null;
  rest = rest.replace(/\bby\s+(.+)$/i, (_whole, words: string) => {
    by = words.trim();
    return ' ';
  });
  return { rest: rest.replace(/\s+/g, ' ').trim(), filters: extracted.filters, by, order, scale };
}
