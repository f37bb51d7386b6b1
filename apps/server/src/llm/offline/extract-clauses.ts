import type { Comparison, Direction, Filter } from './question.ts';
import { tokenize, measureTokens } from './words.ts';
import type { Token } from './words.ts';

/*
 * The clauses of a question that do not depend on its kind: filters ("where status is shipped",
 * "from Germany", "in 2010"), the grouping ("by country", "per genre") and an ordering ("sorted by
 * date"). Each is cut out of the text, so what remains names the subject and the measure.
 */

// Words that end a value: the next clause starts there.
const clauseWords = 'and|or|by|sorted|ordered|order|limit|with|where|whose|having|from|in|for';
// A value: quoted, or up to four words that do not start another clause.
const value = `'[^']*'|"[^"]*"|[^\\s,;!?]+(?:\\s+(?!(?:${clauseWords})\\b)[^\\s,;!?]+){0,3}`;

const comparisonWords: [RegExp, Comparison][] = [
  [/^(?:!=|<>|is not|isn't|not)$/, '!='],
  [/^(?:>=|at least)$/, '>='],
  [/^(?:<=|at most)$/, '<='],
  [/^(?:>|(?:is )?(?:greater|more|higher|bigger|larger) than|(?:is )?(?:over|above|after))$/, '>'],
  [/^(?:<|(?:is )?(?:less|lower|smaller|fewer) than|(?:is )?(?:under|below|before))$/, '<'],
];

const operator =
  "=|==|!=|<>|>=|<=|>|<|\\bis not\\b|\\bisn't\\b|\\bat least\\b|\\bat most\\b|" +
  '\\b(?:is )?(?:greater|more|higher|bigger|larger|less|lower|smaller|fewer) than\\b|' +
  '\\b(?:is )?(?:over|above|after|under|below|before)\\b|\\bequals\\b|\\bequal to\\b|\\bis\\b';

const namedFilter = new RegExp(
  `\\b(?:where|whose|with|having|and)\\s+(?:the\\s+|its\\s+|their\\s+)?([a-z0-9_ ]+?)\\s*(${operator})\\s*(${value})`,
  'gi',
);
// "status = 'shipped'" with no "where" before it.
const symbolFilter = new RegExp(`\\b([a-z0-9_]+)\\s*(=|!=|<>|>=|<=|>|<)\\s*(${value})`, 'gi');
const looseFilter = new RegExp(
  `\\b(?:from|in|at|for)\\s+(?!(?:each|every|all|total|general|descending|ascending|order)\\b)(?:the\\s+)?(${value})`,
  'gi',
);

function comparisonOf(word: string): Comparison {
  const spoken = word.toLowerCase().replace(/\s+/g, ' ').trim();
  for (const [pattern, comparison] of comparisonWords) if (pattern.test(spoken)) return comparison;
  return '=';
}

export function unquote(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(['"])(.*)\1$/.exec(trimmed);
  return quoted ? (quoted[2] ?? '') : trimmed.replace(/\s+table$/i, '');
}

export interface Clauses {
  /** The question without the clauses cut out of it. */
  rest: string;
  filters: Filter[];
  /** What follows "by" ("by billing country", "by number of albums"), as written. */
  by: string | null;
  order: { words: Token[]; direction: Direction } | null;
}

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
  const filters: Filter[] = [];
  for (const pattern of [namedFilter, symbolFilter]) {
    rest = rest.replace(pattern, (whole, column: string, op: string, raw: string) => {
      const words = measureTokens(tokenize(column));
      if (words.length === 0) return whole;
      filters.push({ column: words, op: comparisonOf(op), value: unquote(raw), form: 'named' });
      return ' ';
    });
  }
  rest = rest.replace(looseFilter, (_whole, raw: string) => {
    filters.push({ column: null, op: '=', value: unquote(raw), form: 'loose' });
    return ' ';
  });
  let by: string | null = null;
  rest = rest.replace(/\bby\s+(.+)$/i, (_whole, words: string) => {
    by = words.trim();
    return ' ';
  });
  return { rest: rest.replace(/\s+/g, ' ').trim(), filters, by, order };
}
