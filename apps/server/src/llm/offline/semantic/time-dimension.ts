import type { VocabularyDataset, VocabularyDimension } from './vocabulary.ts';

/*
 * The date a dataset's rows are counted by, for "in 2013" or "per month": its only time
 * dimension, or among several the one named after the dataset itself (an order's order date);
 * an employee's birth and hire dates leave it undecided, and the question is not read this way.
 */
export function timeDimensionOf(dataset: VocabularyDataset): VocabularyDimension | null {
  const times = dataset.dimensions.filter((dimension) => dimension.type === 'time');
  if (times.length <= 1) return times[0] ?? null;
  const own = new Set(dataset.phrases.flat());
  const named = times.filter((dimension) =>
    dimension.phrases.some((phrase) => phrase.some((word) => own.has(word))),
  );
  return named.length === 1 ? (named[0] ?? null) : null;
}

/** A year as the filters a metric query takes: from its first day to before the next year's. */
export function yearFilters(dimension: VocabularyDimension, year: number) {
  return [
    { dimension: dimension.key, operator: '>=' as const, values: [`${year}-01-01`] },
    { dimension: dimension.key, operator: '<' as const, values: [`${year + 1}-01-01`] },
  ];
}

export const isYear = (text: string): boolean => /^(?:19|20)\d\d$/.test(text.trim());
