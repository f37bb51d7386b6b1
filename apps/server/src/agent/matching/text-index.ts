import { searchWords } from './words.ts';

/** A piece of text of a document and how much a word found in it counts (a name more than prose). */
export interface IndexedField {
  text: string;
  weight: number;
  /** What matched, reported back (a column's name); null for the document as a whole. */
  key: string | null;
}

export interface TextMatch<T> {
  item: T;
  score: number;
  /** Keys of the fields that matched, in the order the document lists them. */
  keys: string[];
}

interface Posting {
  document: number;
  weight: number;
  key: string | null;
  order: number;
}

/** A word that only starts a longer one ("cust" in "customer") counts this much of a whole match. */
const PREFIX_SHARE = 0.5;
const PREFIX_MIN = 3;

/**
 * Ranks documents for the words of a query: each word counts by the weight of the best field it
 * appears in, times how rare it is (inverse document frequency, so "id" or "name", found in every
 * table, count little and "invoice" counts much). Built once, queried many times.
 */
export class TextIndex<T> {
  readonly #items: readonly T[];
  readonly #postings = new Map<string, Posting[]>();
  readonly #documentFrequency = new Map<string, number>();
  /** Indexed words by their first letters: a prefix match shares them, so only its bucket is read. */
  readonly #byStart = new Map<string, string[]>();

  constructor(documents: readonly { item: T; fields: readonly IndexedField[] }[]) {
    this.#items = documents.map((document) => document.item);
    // Names repeat across a schema (id, amount, created_at): each distinct text is split once.
    const split = new Map<string, string[]>();
    const wordsOf = (text: string): string[] => {
      if (text === '') return [];
      let words = split.get(text);
      if (!words) {
        words = searchWords(text);
        split.set(text, words);
      }
      return words;
    };
    documents.forEach((document, index) => {
      const seen = new Set<string>();
      document.fields.forEach((field, order) => {
        for (const word of wordsOf(field.text)) {
          let list = this.#postings.get(word);
          if (!list) {
            list = [];
            this.#postings.set(word, list);
            if (word.length >= PREFIX_MIN) {
              const start = word.slice(0, PREFIX_MIN);
              const bucket = this.#byStart.get(start);
              if (bucket) bucket.push(word);
              else this.#byStart.set(start, [word]);
            }
          }
          list.push({ document: index, weight: field.weight, key: field.key, order });
          if (!seen.has(word)) {
            seen.add(word);
            this.#documentFrequency.set(word, (this.#documentFrequency.get(word) ?? 0) + 1);
          }
        }
      });
    });
  }

  get size(): number {
    return this.#items.length;
  }

  #idf(word: string): number {
    return Math.log(1 + this.#items.length / (this.#documentFrequency.get(word) ?? 1));
  }

  /** Indexed words a query word matches: itself, and words one starts the other of. */
  #variants(word: string): { word: string; share: number }[] {
    const variants = this.#postings.has(word) ? [{ word, share: 1 }] : [];
    if (word.length < PREFIX_MIN) return variants;
    for (const indexed of this.#byStart.get(word.slice(0, PREFIX_MIN)) ?? []) {
      if (indexed === word) continue;
      if (word.startsWith(indexed) || (word.length >= 4 && indexed.startsWith(word))) {
        variants.push({ word: indexed, share: PREFIX_SHARE });
      }
    }
    return variants;
  }

  /** Scores of every document that matches at least one word, by document position. */
  scores(query: string): Map<number, { score: number; keys: Map<string, number> }> {
    const words = [...new Set(searchWords(query))];
    const found = new Map<number, { score: number; keys: Map<string, number> }>();
    for (const word of words) {
      const best = new Map<number, number>();
      for (const variant of this.#variants(word)) {
        const idf = this.#idf(variant.word);
        for (const posting of this.#postings.get(variant.word) ?? []) {
          const value = posting.weight * variant.share * idf;
          if (value > (best.get(posting.document) ?? 0)) best.set(posting.document, value);
          if (posting.key !== null) {
            let entry = found.get(posting.document);
            if (!entry) {
              entry = { score: 0, keys: new Map() };
              found.set(posting.document, entry);
            }
            entry.keys.set(posting.key, posting.order);
          }
        }
      }
      for (const [document, value] of best) {
        let entry = found.get(document);
        if (!entry) {
          entry = { score: 0, keys: new Map() };
          found.set(document, entry);
        }
        entry.score += value;
      }
    }
    return found;
  }

  item(position: number): T | undefined {
    return this.#items[position];
  }

  /** The documents that match, best first. */
  search(query: string): TextMatch<T>[] {
    const matches: TextMatch<T>[] = [];
    for (const [position, entry] of this.scores(query)) {
      const item = this.#items[position];
      if (item === undefined || entry.score <= 0) continue;
      const keys = [...entry.keys].sort((a, b) => a[1] - b[1]).map(([key]) => key);
      matches.push({ item, score: entry.score, keys });
    }
    return matches.sort((a, b) => b.score - a.score);
  }
}
