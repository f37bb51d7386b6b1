import type { Token } from '../words.ts';
import type {
  Phrase,
  Vocabulary,
  VocabularyDataset,
  VocabularyDimension,
  VocabularyMeasure,
  VocabularyMetric,
} from './vocabulary.ts';
import { isDropped, phraseOf } from './vocabulary.ts';

/*
 * The words of a question read as terms of the semantic model: the longest phrase of the model
 * that a run of the question's words spells wins ("invoice total" is the metric before "invoice"
 * is the dataset), and a phrase several things share ("unit price" in two datasets) keeps them all
 * for the reading to choose from. Words no phrase spells are left over.
 */

export type Grain = 'day' | 'week' | 'month' | 'quarter' | 'year';

export type Term =
  | { kind: 'dataset'; dataset: VocabularyDataset }
  | { kind: 'dimension'; dimension: VocabularyDimension }
  | { kind: 'measure'; measure: VocabularyMeasure }
  | { kind: 'metric'; metric: VocabularyMetric }
  | { kind: 'value'; dimension: VocabularyDimension; value: string }
  | { kind: 'grain'; grain: Grain };

export interface Match {
  /** Every term the words spell (several when a phrase is shared). */
  terms: Term[];
  tokens: Token[];
}

export interface Cover {
  matches: Match[];
  /** Words of the phrase no term spells (grammar words never count). */
  left: Token[];
}

const grainWords: Record<string, Grain> = {
  day: 'day',
  daily: 'day',
  date: 'day',
  week: 'week',
  weekly: 'week',
  month: 'month',
  monthly: 'month',
  quarter: 'quarter',
  quarterly: 'quarter',
  year: 'year',
  yearly: 'year',
  annual: 'year',
  annually: 'year',
};

export function grainOf(word: string): Grain | null {
  return grainWords[word] ?? null;
}

interface Entry {
  phrase: Phrase;
  term: Term;
}

/** Every phrase of the model with the term it names; built once per vocabulary. */
export function termEntries(vocabulary: Vocabulary): Entry[] {
  const entries: Entry[] = [];
  for (const dataset of vocabulary.datasets) {
    for (const phrase of dataset.phrases) entries.push({ phrase, term: { kind: 'dataset', dataset } });
    for (const dimension of dataset.dimensions) {
      for (const phrase of dimension.phrases)
        entries.push({ phrase, term: { kind: 'dimension', dimension } });
      for (const value of dimension.values) {
        const phrase = phraseOf(value);
        if (phrase.length > 0) entries.push({ phrase, term: { kind: 'value', dimension, value } });
      }
    }
    for (const measure of dataset.measures) {
      for (const phrase of measure.phrases) entries.push({ phrase, term: { kind: 'measure', measure } });
    }
  }
  for (const metric of vocabulary.metrics) {
    for (const phrase of metric.phrases) entries.push({ phrase, term: { kind: 'metric', metric } });
  }
  for (const [word, grain] of Object.entries(grainWords)) {
    entries.push({ phrase: [word], term: { kind: 'grain', grain } });
  }
  return [...entries, ...headEntries(vocabulary, entries)];
}

/**
 * A dataset's last word alone ("orders" for SalesOrder, "details" for Order Details), when no
 * other dataset ends with it and no phrase of the model is that word: people name a table by its
 * head noun. Marked, so a longer phrase still wins.
 */
function headEntries(vocabulary: Vocabulary, entries: readonly Entry[]): Entry[] {
  const taken = new Set(entries.filter((entry) => entry.phrase.length === 1).map((entry) => entry.phrase[0]));
  const heads = new Map<string, Set<VocabularyDataset>>();
  for (const dataset of vocabulary.datasets) {
    for (const phrase of dataset.phrases) {
      const head = phrase.at(-1);
      if (phrase.length < 2 || head === undefined || taken.has(head)) continue;
      heads.set(head, (heads.get(head) ?? new Set()).add(dataset));
    }
  }
  return [...heads].flatMap(([head, datasets]) => {
    const [dataset] = datasets;
    return datasets.size === 1 && dataset
      ? [{ phrase: [head], term: { kind: 'dataset' as const, dataset } }]
      : [];
  });
}

function spells(phrase: Phrase, tokens: readonly Token[], at: number): boolean {
  if (at + phrase.length > tokens.length) return false;
  return phrase.every((word, index) => tokens[at + index]?.norm === word);
}

/**
 * Two words of the question a name writes as one ("product line" for `productlines`,
 * "order details" for `orderdetails`): names all in lower case cannot be split into words.
 */
function spellsJoined(phrase: Phrase, tokens: readonly Token[], at: number): boolean {
  const [word, ...more] = phrase;
  const first = tokens[at];
  const second = tokens[at + 1];
  return (
    more.length === 0 &&
    first !== undefined &&
    second !== undefined &&
    `${first.raw}${second.norm}`.toLowerCase() === word
  );
}

/** The question's words (grammar words out) read as the model's terms, longest first. */
export function coverWords(tokens: readonly Token[], entries: readonly Entry[]): Cover {
  const words = tokens.filter((token) => !isDropped(token.norm) && !/^\d+$/.test(token.norm));
  const matches: Match[] = [];
  const left: Token[] = [];
  let at = 0;
  while (at < words.length) {
    let best = 0;
    let terms: Term[] = [];
    for (const entry of entries) {
      const length = entry.phrase.length;
      if (length < best || !spells(entry.phrase, words, at)) continue;
      if (length > best) {
        best = length;
        terms = [];
      }
      terms.push(entry.term);
    }
    // Two words spelling one name outweigh the first word alone ("product line" over "product").
    const joined = best < 2 ? entries.filter((entry) => spellsJoined(entry.phrase, words, at)) : [];
    if (joined.length > 0) {
      matches.push({ terms: unique(joined.map((entry) => entry.term)), tokens: words.slice(at, at + 2) });
      at += 2;
      continue;
    }
    if (best === 0) {
      const word = words[at];
      if (word) left.push(word);
      at += 1;
      continue;
    }
    matches.push({ terms: unique(terms), tokens: words.slice(at, at + best) });
    at += best;
  }
  return { matches, left };
}

function termKey(term: Term): string {
  switch (term.kind) {
    case 'dataset':
      return `dataset:${term.dataset.name}`;
    case 'dimension':
      return `dimension:${term.dimension.key}`;
    case 'measure':
      return `measure:${term.measure.key}`;
    case 'metric':
      return `metric:${term.metric.name}`;
    case 'value':
      return `value:${term.dimension.key}:${term.value}`;
    case 'grain':
      return `grain:${term.grain}`;
  }
}

function unique(terms: readonly Term[]): Term[] {
  return [...new Map(terms.map((term) => [termKey(term), term])).values()];
}
