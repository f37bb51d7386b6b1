import type { SemanticTerm } from '@querent/contracts';
import { editDistance, foldText, typoAllowance } from '../../text/edit-distance.ts';
import { singular } from '../../text/words.ts';
import { kindRank, type ModelTerm, type TermDescription, type TermPhrase } from './model-terms.ts';

/*
 * Which terms the words before the caret may be the start of. The last typed word is being
 * written, so it matches the beginning of a word; the ones before it must be whole words (or near
 * spellings of them). One, two, three or four of the last words are tried, so "total amo" finds
 * Total amount and "show me reve" finds Revenue; the answer says how many words a term replaces.
 */

/** Words before the caret that may belong to one term: "number of paid orders" is four. */
const MAX_TYPED_WORDS = 4;

const levels = { exact: 0, prefix: 1, fuzzy: 2 } as const;
type Level = (typeof levels)[keyof typeof levels];
const levelNames = ['exact', 'prefix', 'fuzzy'] as const;

interface Typed {
  /** White-space separated words of `q` this reading covers (its last ones). */
  count: number;
  words: string[];
  singulars: string[];
}

interface Match {
  level: Level;
  /** The typed words are the phrase's as written ("orders" for the plural, not the singular). */
  asWritten: boolean;
  /** Typed words replaced: more is a more specific match. */
  words: number;
  /** Where in the phrase the typed words start: the beginning reads better. */
  start: number;
  /** Words of the phrase the typed ones leave over: the closer completion reads better. */
  rest: number;
  phrase: TermPhrase;
}

/** The last one to four words of what was typed, each reading folded (case, accents, punctuation). */
function typedReadings(q: string): Typed[] {
  const tokens = q.split(/\s+/).filter((token) => token !== '');
  const readings: Typed[] = [];
  for (let count = 1; count <= Math.min(MAX_TYPED_WORDS, tokens.length); count += 1) {
    const words = foldText(tokens.slice(-count).join(' '))
      .split(' ')
      .filter((word) => word !== '');
    if (words.length > 0) readings.push({ count, words, singulars: words.map(singular) });
  }
  return readings;
}

/** A typed word close enough to a whole word of the phrase: the same, or misspelt within the allowance. */
function closeWord(typed: string, typedSingular: string, word: string, wordSingular: string): boolean {
  if (typedSingular === wordSingular) return true;
  const allowance = typoAllowance(typed.length);
  return allowance > 0 && editDistance(typed, word, allowance) <= allowance;
}

/** The word being typed, against the start of a phrase's word, near spellings allowed from 5 letters. */
function closeStart(typed: string, word: string): boolean {
  if (typed.length < 5) return false;
  const allowance = typoAllowance(typed.length);
  return editDistance(typed, word.slice(0, typed.length), allowance) <= allowance;
}

function matchAt(typed: Typed, phrase: TermPhrase, start: number, level: Level): boolean {
  const last = typed.words.length - 1;
  for (let index = 0; index <= last; index += 1) {
    const word = phrase.words[start + index] ?? '';
    const wordSingular = phrase.singulars[start + index] ?? '';
    const typedWord = typed.words[index] ?? '';
    const typedSingular = typed.singulars[index] ?? '';
    const same = typedSingular === wordSingular;
    if (index < last) {
      if (!(same || (level === levels.fuzzy && closeWord(typedWord, typedSingular, word, wordSingular))))
        return false;
    } else if (level === levels.prefix) {
      // One letter alone would match half the model: a prefix needs two, or words before it.
      if (!(same || (word.startsWith(typedWord) && (typedWord.length >= 2 || last > 0)))) return false;
    } else if (
      !(same || closeWord(typedWord, typedSingular, word, wordSingular) || closeStart(typedWord, word))
    ) {
      return false;
    }
  }
  return true;
}

function matchPhrase(typed: Typed, phrase: TermPhrase): Match | null {
  const length = typed.words.length;
  if (length > phrase.words.length) return null;
  const match = (level: Level, start: number): Match => ({
    level,
    asWritten: typed.words.every((word, index) => word === phrase.words[start + index]),
    words: typed.count,
    start,
    rest: phrase.words.length - length,
    phrase,
  });
  if (
    length === phrase.words.length &&
    typed.singulars.every((word, index) => word === phrase.singulars[index])
  )
    return match(levels.exact, 0);
  for (const level of [levels.prefix, levels.fuzzy]) {
    for (let start = 0; start + length <= phrase.words.length; start += 1) {
      if (matchAt(typed, phrase, start, level)) return match(level, start);
    }
  }
  return null;
}

/** Negative when `a` is the better match of one term. */
function compareMatches(a: Match, b: Match): number {
  return (
    a.level - b.level ||
    b.words - a.words ||
    a.start - b.start ||
    Number(b.asWritten) - Number(a.asWritten) ||
    a.rest - b.rest ||
    Number(b.phrase.primary) - Number(a.phrase.primary)
  );
}

function bestMatch(term: ModelTerm, readings: readonly Typed[]): Match | null {
  let best: Match | null = null;
  for (const typed of readings) {
    for (const phrase of term.phrases) {
      const found = matchPhrase(typed, phrase);
      if (found && (best === null || compareMatches(found, best) < 0)) best = found;
    }
  }
  return best;
}

const certifiedMetric = (term: TermDescription) => term.kind === 'metric' && term.certified;
const shownText = (term: TermDescription) => (term.kind === 'value' ? term.value : term.label);

/**
 * The terms `q` may be the start of, best first: certified metrics, then exact matches before
 * prefixes, more typed words before fewer, closer completions before longer ones, metrics,
 * dimensions, datasets, then values; at most `limit`. Near spellings are offered only when
 * nothing matches as typed: "ordered" finds Ordered at, not every "order" one edit away.
 */
export function matchTerms(terms: readonly ModelTerm[], q: string, limit: number): SemanticTerm[] {
  const readings = typedReadings(q);
  if (readings.length === 0) return [];
  const all: { term: TermDescription; match: Match }[] = [];
  for (const term of terms) {
    const match = bestMatch(term, readings);
    if (match) all.push({ term: term.term, match });
  }
  const asTyped = all.filter(({ match }) => match.level !== levels.fuzzy);
  const found = asTyped.length > 0 ? asTyped : all;
  found.sort(
    (a, b) =>
      Number(certifiedMetric(b.term)) - Number(certifiedMetric(a.term)) ||
      compareMatches(a.match, b.match) ||
      kindRank(a.term) - kindRank(b.term) ||
      shownText(a.term).length - shownText(b.term).length ||
      shownText(a.term).localeCompare(shownText(b.term), 'en'),
  );
  return found.slice(0, limit).map(({ term, match }) => ({
    ...term,
    insert: match.phrase.insert,
    words: match.words,
    match: levelNames[match.level],
    matched: match.phrase.text,
  }));
}
