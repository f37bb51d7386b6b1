import { isPeriod } from './date-conditions.ts';
import { extractClauses } from './extract-clauses.ts';
import { normalizeQuestion } from './normalize-question.ts';
import { parseQuestion } from './parse-question.ts';
import type { Filter, Question } from './question.ts';
import { valueFilter } from './question.ts';
import { contentTokens, measureTokens, tokenize } from './words.ts';

/*
 * Follow-ups that refine the question before: "and returned?", "what about France?", "and by
 * month in 2024?", "only in 2023". A follow-up starts with a word that leans on what was said
 * ("and", "what about", "only"); its values replace the earlier values of the same kind (a period
 * another period, a value another value in the same column), its grouping the earlier grouping.
 */

const lead =
  /^(?:(?:and|but|also|now|then|ok(?:ay)?|so)\b[\s,]*|(?:what|how)\s+about\b\s*|(?:same|likewise)\s+for\b\s*|(?:only|just)\b\s*)+/i;

type Refinable = Extract<Question, { kind: 'count' | 'aggregate' | 'top' | 'rows' | 'distinct' }>;

const refinable = (question: Question): question is Refinable =>
  ['count', 'aggregate', 'top', 'rows', 'distinct'].includes(question.kind);

function withFilters(question: Refinable, added: readonly Filter[]): Refinable {
  const period = added.some(isPeriod);
  const named = new Set(
    added.flatMap((filter) =>
      filter.form === 'named' ? [(filter.column ?? []).map((token) => token.norm).join(' ')] : [],
    ),
  );
  const kept = question.filters.filter(
    (filter) =>
      !(period && isPeriod(filter)) &&
      !(filter.form === 'named' && named.has((filter.column ?? []).map((token) => token.norm).join(' '))),
  );
  return { ...question, filters: [...kept, ...added] };
}

export interface FollowUp {
  question: Question;
  /** The question it refines, as the user asked it. */
  previous: string;
}

/** The question a follow-up stands for, given the earlier questions (oldest first); null if it is none. */
export function readFollowUp(text: string, earlier: readonly string[]): FollowUp | null {
  const previous = earlier.at(-1);
  if (previous === undefined) return null;
  const normalized = normalizeQuestion(text);
  const opening = lead.exec(normalized);
  if (!opening) return null;
  const fragment = normalized.slice(opening[0].length).trim();
  if (fragment === '') return null;
  const before = readFollowUp(previous, earlier.slice(0, -1))?.question ?? parseQuestion(previous);
  const prior = before.kind === 'share' ? before.of : before;
  if (!refinable(prior)) return null;
  const clauses = extractClauses(fragment);
  const added: Filter[] = clauses.filters.map((filter) => ({ ...filter, replaces: true }));
  const rest = contentTokens(tokenize(clauses.rest));
  if (rest.length > 0)
    added.push(valueFilter('bare', [rest.map((token) => token.raw).join(' ')], { replaces: true }));
  const by = clauses.by === null ? null : measureTokens(tokenize(clauses.by));
  if (added.length === 0 && by === null) return null;
  let refined: Refinable = withFilters(prior, added);
  if (by !== null) {
    if (refined.kind !== 'count' && refined.kind !== 'aggregate') return null;
    refined = { ...refined, by };
  }
  if (clauses.scale !== null && refined.kind === 'aggregate') refined = { ...refined, scale: clauses.scale };
  const question: Question =
    before.kind === 'share' && (refined.kind === 'count' || refined.kind === 'aggregate')
      ? { kind: 'share', of: refined }
      : refined;
  return { question, previous };
}
