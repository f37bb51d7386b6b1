import type { Comparison, Filter } from './question.ts';
import { measureTokens, tokenize } from './words.ts';

/*
 * The pieces the clause patterns are made of: where a value ends, lists of values, comparison
 * words, and cutting a matched clause out of the question while keeping what it said.
 */

// Words that end a value: the next clause starts there.
export const clauseWords =
  'and|or|by|(?:sorted|ordered|order)\\s+by|limit|with|without|where|whose|having|from|in|for|between|not|than|during|except|excluding';
export const word = `(?!(?:${clauseWords})\\b)[^\\s,;!?]+`;
/** A value: quoted, or up to four words that do not start another clause. */
export const valuePattern = `'[^']*'|"[^"]*"|${word}(?:\\s+${word}){0,3}`;
/** A value or a list of them: "Germany", "Germany or France", "Germany, France or Spain". */
export const listPattern = `(?:${valuePattern})(?:\\s*,\\s*(?:${valuePattern}))*(?:\\s*,?\\s+or\\s+(?:${valuePattern}))?`;

export function unquote(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(['"])(.*)\1$/.exec(trimmed);
  return quoted ? (quoted[2] ?? '') : trimmed.replace(/\s+table$/i, '');
}

/** "Germany, France or Spain" → its values. */
export function listValues(text: string): string[] {
  const values: string[] = [];
  const pattern = /'[^']*'|"[^"]*"|[^,]+?(?=\s*,|\s+or\s+|$)/gy;
  let rest = text.trim();
  while (rest !== '') {
    pattern.lastIndex = 0;
    const match = pattern.exec(rest);
    if (!match) break;
    values.push(unquote(match[0]));
    rest = rest
      .slice(match[0].length)
      .replace(/^\s*,?\s*(?:or\s+)?/i, '')
      .trim();
  }
  return values.filter((value) => value !== '');
}

const comparisonWords: [RegExp, Comparison][] = [
  [/^(?:!=|<>|is not|not|is not equal to|not equal to)$/, '!='],
  [/^(?:>=|at least|is at least)$/, '>='],
  [/^(?:<=|at most|is at most)$/, '<='],
  [/^(?:>|(?:is )?(?:greater|more|higher|bigger|larger|longer) than|(?:is )?(?:over|above|after))$/, '>'],
  [/^(?:<|(?:is )?(?:less|lower|smaller|fewer|shorter) than|(?:is )?(?:under|below|before))$/, '<'],
];

export function comparisonOf(said: string): Comparison {
  const spoken = said.toLowerCase().replace(/\s+/g, ' ').trim();
  for (const [pattern, comparison] of comparisonWords) if (pattern.test(spoken)) return comparison;
  return '=';
}

export const operator =
  '=|==|!=|<>|>=|<=|>|<|\\bis not\\b|\\bat least\\b|\\bat most\\b|' +
  '\\b(?:is )?(?:greater|more|higher|bigger|larger|longer|less|lower|smaller|fewer|shorter) than\\b|' +
  '\\b(?:is )?(?:over|above|after|under|below|before)\\b|\\bequals\\b|\\bequal to\\b|\\bis\\b';
export const lead = '\\b(?:where|whose|with|having|and)\\s+(?:the\\s+|its\\s+|their\\s+|a\\s+|an\\s+)?';
export const number = '-?\\d+(?:\\.\\d+)?';
export const dateValue = '\\d{4}(?:-\\d{2}(?:-\\d{2})?)?';

/** Runs a pattern over the text, turning each match into filters and cutting it out. */
export function cut(
  text: string,
  pattern: RegExp,
  make: (match: string[]) => Filter[] | null,
  into: Filter[],
): string {
  return text.replace(pattern, (...args: unknown[]) => {
    const match = args.slice(0, -2).map((part) => (typeof part === 'string' ? part : ''));
    const made = make(match);
    if (made === null) return match[0] ?? '';
    into.push(...made);
    return ' ';
  });
}

export const columnWords = (said: string | undefined) => measureTokens(tokenize(said ?? ''));
