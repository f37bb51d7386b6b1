import type { TimeGrain } from '@querent/contracts';
import type { Match } from './terms.ts';
import { isKind } from './reading.ts';
import { timeDimensionOf } from './time-dimension.ts';
import type { VocabularyDataset, VocabularyDimension } from './vocabulary.ts';

/*
 * What a figure is grouped by, from the words that name it: a dimension ("by country"; the
 * measured dataset's own first), or a period ("per month": the dataset's date at that grain).
 */

export interface Grouping {
  dimensions: { dimension: string; grain?: TimeGrain }[];
  /** In words, for the answer. */
  label: string;
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
export function groupingOf(match: Match, home: VocabularyDataset): Grouping | null {
  const dimensions = match.terms.filter(isKind('dimension')).map((term) => term.dimension);
  const dimension = oneDimension(dimensions, home);
  if (dimension) {
    if (dimension.type === 'time') {
      const grain = dimension.grains.includes('month')
        ? 'month'
        : (dimension.grains[0] as TimeGrain | undefined);
      return grain
        ? { dimensions: [{ dimension: dimension.key, grain }], label: `${dimension.label} (${grain})` }
        : null;
    }
    return { dimensions: [{ dimension: dimension.key }], label: dimension.label };
  }
  const grain = match.terms.find(isKind('grain'));
  if (grain && dimensions.length === 0) {
    const time = timeDimensionOf(home);
    if (!time || !time.grains.includes(grain.grain)) return null;
    return {
      dimensions: [{ dimension: time.key, grain: grain.grain }],
      label: `${grain.grain} of ${time.label}`,
    };
  }
  // A dataset ("which customer") is not grouped on here: the model's dimensions hold no key, and
  // its names may repeat (two customers of one name would be counted as one); the schema reading,
  // which groups on the table's key, answers it.
  return null;
}
