import type { SemanticFilter } from '@querent/contracts';
import type { Filter } from '../question.ts';
import { grammarWords, tokenize } from '../words.ts';
import { isYear, timeDimensionOf, yearFilters } from './time-dimension.ts';
import type { Vocabulary, VocabularyDataset, VocabularyDimension } from './vocabulary.ts';
import { phraseOf } from './vocabulary.ts';

/*
 * The question's conditions as filters of a metric query, on the dataset measured: a year on its
 * date ("in 2013"), a value one of its dimensions is known to hold ("from Brazil", spelt as
 * stored). A value the model does not list, or any other kind of condition, is not read here: the
 * question then goes to the schema reading, which can look values up.
 */

export interface ReadFilters {
  filters: SemanticFilter[];
  /** In words, for the answer ("Country is 'Brazil'", "in 2013"). */
  described: string[];
  /** The comparable words they used. */
  words: string[];
}

function dimensionsNear(vocabulary: Vocabulary, home: VocabularyDataset): VocabularyDimension[] {
  return [
    ...home.dimensions,
    ...vocabulary.datasets.filter((dataset) => dataset !== home).flatMap((dataset) => dataset.dimensions),
  ];
}

function storedValue(
  dimensions: readonly VocabularyDimension[],
  value: string,
  column: Filter['column'],
): { dimension: VocabularyDimension; value: string } | null {
  const folded = value.trim().toLowerCase();
  const named = column === null ? null : column.map((token) => token.norm).join(' ');
  const found = dimensions.flatMap((dimension) =>
    dimension.values
      .filter((stored) => stored.toLowerCase() === folded)
      .filter(() => named === null || dimension.phrases.some((phrase) => phrase.join(' ') === named))
      .map((stored) => ({ dimension, value: stored })),
  );
  // The measured dataset's own dimension first; a value several dimensions hold elsewhere is unsure.
  const own = found.filter((entry) => entry.dimension.dataset === dimensions[0]?.dataset);
  const pool = own.length > 0 ? own : found;
  return pool.length === 1 ? (pool[0] ?? null) : null;
}

/** The filters, or null when one of them cannot be read against the model. */
export function readFilters(
  vocabulary: Vocabulary,
  home: VocabularyDataset,
  filters: readonly Filter[],
): ReadFilters | null {
  const read: ReadFilters = { filters: [], described: [], words: [] };
  for (const filter of filters) {
    const values = filter.values;
    // "in the database": a word of where, not a condition.
    if (
      filter.column === null &&
      values.every((value) => tokenize(value).every((token) => grammarWords.has(token.norm)))
    ) {
      continue;
    }
    if (filter.op !== '=' && filter.op !== '!=') return null;
    const [only] = values;
    if (
      values.length === 1 &&
      only !== undefined &&
      isYear(only) &&
      filter.column === null &&
      filter.op === '='
    ) {
      const time = timeDimensionOf(home);
      if (!time) return null;
      read.filters.push(...yearFilters(time, Number(only)));
      read.described.push(`${time.label} in ${only}`);
      read.words.push(only, ...time.phrases.flat());
      continue;
    }
    const found = values.map((value) => storedValue(dimensionsNear(vocabulary, home), value, filter.column));
    if (found.some((entry) => entry === null)) return null;
    const stored = found.filter((entry) => entry !== null);
    const dimension = stored[0]?.dimension;
    if (!dimension || stored.some((entry) => entry.dimension !== dimension)) return null;
    const list = stored.map((entry) => entry.value);
    read.filters.push({
      dimension: dimension.key,
      operator: filter.op === '=' ? 'in' : 'not_in',
      values: list,
    });
    read.described.push(
      `${dimension.label} ${filter.op === '=' ? 'is' : 'is not'} ${list.map((value) => `'${value}'`).join(' or ')}`,
    );
    read.words.push(
      ...list.flatMap((value) => phraseOf(value)),
      ...(filter.column ?? []).map((token) => token.norm),
    );
  }
  return read;
}

/** A value to look up in one dimension: the question's spellings of it. */
export interface ValueLookUp {
  dimension: string;
  values: string[];
}

const MAX_LOOK_UPS = 8;

function spellings(value: string): string[] {
  const trimmed = value.trim();
  const title = trimmed
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, gap: string, letter: string) => gap + letter.toUpperCase());
  return [...new Set([trimmed, trimmed.toLowerCase(), trimmed.toUpperCase(), title])];
}

/**
 * The values the model does not list, and where they may be stored: the dimension the question
 * names ("where status is shipped"), else each categorical dimension of the measured dataset. The
 * analyst looks them up through query_metrics (their distinct values among its spellings) and
 * reads the question again knowing what is stored.
 */
export function valueLookUps(
  vocabulary: Vocabulary,
  home: VocabularyDataset,
  filters: readonly Filter[],
): ValueLookUp[] {
  const lookUps = new Map<string, Set<string>>();
  for (const filter of filters) {
    if (filter.op !== '=' && filter.op !== '!=') return [];
    const values = filter.values;
    if (values.every((value) => tokenize(value).every((token) => grammarWords.has(token.norm)))) continue;
    if (values.some((value) => isYear(value))) continue;
    const known = values.every((value) =>
      storedValue(dimensionsNear(vocabulary, home), value, filter.column),
    );
    if (known) continue;
    const named = filter.column === null ? null : filter.column.map((token) => token.norm).join(' ');
    const candidates =
      named === null
        ? home.dimensions.filter((dimension) => dimension.type === 'categorical')
        : dimensionsNear(vocabulary, home).filter((dimension) =>
            dimension.phrases.some((phrase) => phrase.join(' ') === named),
          );
    for (const dimension of candidates) {
      const set = lookUps.get(dimension.key) ?? new Set<string>();
      for (const value of values) for (const spelling of spellings(value)) set.add(spelling);
      lookUps.set(dimension.key, set);
    }
  }
  return [...lookUps]
    .slice(0, MAX_LOOK_UPS)
    .map(([dimension, values]) => ({ dimension, values: [...values] }));
}
