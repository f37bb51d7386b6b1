import type { TimeGrain } from '@querent/contracts';
import type { Match } from './terms.ts';
import { isKind } from './reading.ts';
import { timeDimensionOf } from './time-dimension.ts';
import type { VocabularyDataset, VocabularyDimension } from './vocabulary.ts';

/*
 * What a figure is grouped by, from the words that name it: a dimension ("by country"; the
 * measured dataset's own first), a period ("per month": the dataset's date at that grain), or a
 * dataset's rows ("which customer"): its key, so two customers of one name stay two, shown with
 * the dimensions that name a row (its name or title; a person's first and last names).
 */

export interface Grouping {
  dimensions: { dimension: string; grain?: TimeGrain }[];
  /** In words, for the answer. */
  label: string;
  /** Datasets whose key the query adds as a dimension (query_metrics' `keys`). */
  keys: string[];
  /** Result columns that identify rather than name a group, left out of the answer's words. */
  hidden: string[];
}

const nameWords = ['name', 'title', 'full name'];

/** The dimensions that name a dataset's rows: one named as a name or title, or first and last names. */
function namingDimensions(dataset: VocabularyDataset): VocabularyDimension[] {
  const own = dataset.phrases.flat();
  const named = dataset.dimensions.filter(
    (dimension) =>
      dimension.type === 'categorical' &&
      dimension.phrases.some((phrase) => {
        const words = phrase.filter((word, index) => index > 0 || phrase.length === 1 || !own.includes(word));
        return nameWords.includes(words.join(' '));
      }),
  );
  if (named.length === 1) return named;
  const first = dataset.dimensions.find((dimension) => dimension.name === 'first_name');
  const last = dataset.dimensions.find((dimension) => dimension.name === 'last_name');
  return first && last ? [first, last] : [];
}

function oneDimension(
  dimensions: readonly VocabularyDimension[],
  home: VocabularyDataset,
): VocabularyDimension | null {
  const own = dimensions.filter((dimension) => dimension.dataset === home.name);
  const pool = own.length > 0 ? own : dimensions;
  return pool.length === 1 ? (pool[0] ?? null) : null;
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
      const grain = dimension.grains.includes('month')
        ? 'month'
        : (dimension.grains[0] as TimeGrain | undefined);
      return grain
        ? {
            dimensions: [{ dimension: dimension.key, grain }],
            label: `${dimension.label} (${grain})`,
            keys: [],
            hidden: [],
          }
        : null;
    }
    return { dimensions: [{ dimension: dimension.key }], label: dimension.label, keys: [], hidden: [] };
  }
  const grain = match.terms.find(isKind('grain'));
  if (grain && dimensions.length === 0) {
    const time = timeDimensionOf(home);
    if (!time || !time.grains.includes(grain.grain)) return null;
    return {
      dimensions: [{ dimension: time.key, grain: grain.grain }],
      label: `${grain.grain} of ${time.label}`,
      keys: [],
      hidden: [],
    };
  }
  const named = match.terms.filter(isKind('dataset'));
  const [only] = named;
  if (named.length !== 1 || !only || dimensions.length > 0) return null;
  const dataset = datasets.find((candidate) => candidate.name === only.dataset.name);
  // Rows told apart by a key alone ("office 1") answer no one: a name must say which they are.
  const naming = dataset ? namingDimensions(dataset) : [];
  if (!dataset || dataset.key.length !== 1 || naming.length === 0) return null;
  const key = `${dataset.name}_key`;
  return {
    dimensions: [
      { dimension: `${dataset.name}.${key}` },
      ...naming.map((dimension) => ({ dimension: dimension.key })),
    ],
    label: dataset.label,
    keys: [dataset.name],
    hidden: [key],
  };
  return null;
}
