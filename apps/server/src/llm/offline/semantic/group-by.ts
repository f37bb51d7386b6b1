import type { TimeGrain } from '@querent/contracts';
import type { Match } from './terms.ts';
import { isKind } from './reading.ts';
import { timeDimensionOf } from './time-dimension.ts';
import type { VocabularyDataset, VocabularyDimension } from './vocabulary.ts';

/*
 * What a figure is grouped by, from the words that name it: a dimension ("by country"; the
 * measured dataset's own first), a period ("per month": the dataset's date at that grain), or a
 * dataset whose rows are told apart by their name ("which artist": the artist's name; a person's
 * first and last names).
 */

export interface Grouping {
  dimensions: { dimension: string; grain?: TimeGrain }[];
  /** In words, for the answer. */
  label: string;
}

function oneDimension(dimensions: readonly VocabularyDimension[], home: VocabularyDataset): VocabularyDimension | null {
  const own = dimensions.filter((dimension) => dimension.dataset === home.name);
  const pool = own.length > 0 ? own : dimensions;
  return pool.length === 1 ? (pool[0] ?? null) : null;
}

const nameWords = [['name'], ['title'], ['full', 'name']];

/** The dimensions that name a dataset's rows, or null when none plainly does. */
export function namingDimensions(dataset: VocabularyDataset): VocabularyDimension[] | null {
  const own = dataset.phrases.flat();
  const named = dataset.dimensions.filter(
    (dimension) =>
      dimension.type === 'categorical' &&
      dimension.phrases.some((phrase) =>
        nameWords.some(
          (words) =>
            phrase.join(' ') === words.join(' ') ||
            (phrase.length === words.length + 1 && own.includes(phrase[0] ?? '') && phrase.slice(1).join(' ') === words.join(' ')),
        ),
      ),
  );
  if (named.length === 1) return named;
  const first = dataset.dimensions.find((dimension) => dimension.name === 'first_name');
  const last = dataset.dimensions.find((dimension) => dimension.name === 'last_name');
  return first && last ? [first, last] : null;
}

/** The grouping one match names, for figures of the home dataset; null when it names none plainly. */
export function groupingOf(
  match: Match,
  home: VocabularyDataset,
  datasets: readonly VocabularyDataset[],
): Grouping | null {
  const dimensions = match.terms.filter(isKind('dimension')).map((term) => term.dimension);
  const dimension = oneDimension(dimensions, home);
  if (dimension) {
    if (dimension.type === 'time') {
      const grain = dimension.grains.includes('month') ? 'month' : (dimension.grains[0] as TimeGrain | undefined);
      return grain ? { dimensions: [{ dimension: dimension.key, grain }], label: `${dimension.label} (${grain})` } : null;
    }
    return { dimensions: [{ dimension: dimension.key }], label: dimension.label };
  }
  const grain = match.terms.find(isKind('grain'));
  if (grain && dimensions.length === 0) {
    const time = timeDimensionOf(home);
    if (!time || !time.grains.includes(grain.grain)) return null;
    return { dimensions: [{ dimension: time.key, grain: grain.grain }], label: `${grain.grain} of ${time.label}` };
  }
  const named = match.terms.filter(isKind('dataset'));
  if (named.length === 1 && dimensions.length === 0 && named[0]) {
    const dataset = datasets.find((candidate) => candidate.name === named[0]?.dataset.name);
    const naming = dataset ? namingDimensions(dataset) : null;
    if (!naming || !dataset) return null;
    return { dimensions: naming.map((entry) => ({ dimension: entry.key })), label: dataset.label };
  }
  return null;
}
