import type { MetricQueryInput, SemanticFilter } from '@querent/contracts';
import type { Vocabulary, VocabularyDataset, VocabularyMeasure, VocabularyMetric } from './vocabulary.ts';
import type { ReadFilters, ValueLookUp } from './semantic-filters.ts';
import type { Term } from './terms.ts';
import { termEntries } from './terms.ts';

/*
 * A question read against the semantic model: the metric query to run (with any measure
 * aggregated another way for it), what the figure stands on, how to word the answer, and the
 * words the reading used, for the check that none of the question's words was left out.
 */

export interface AdHocMeasure {
  name: string;
  measure: string;
  aggregation: 'sum' | 'count' | 'count_distinct' | 'avg' | 'min' | 'max';
}

/** The number asked for: a metric of the model, or a measure aggregated for this question. */
export type Figure =
  | { kind: 'metric'; metric: VocabularyMetric }
  | { kind: 'measure'; measure: VocabularyMeasure; aggregation: AdHocMeasure['aggregation']; name: string };

export type SemanticAnswer =
  | { kind: 'total'; what: string }
  | { kind: 'grouped'; what: string; by: string; hidden: string[] }
  | { kind: 'ranked'; what: string; by: string; hidden: string[]; limit: number; direction: 'asc' | 'desc' };

export interface SemanticReading {
  kind: 'reading';
  query: MetricQueryInput;
  measures: AdHocMeasure[];
  /** Datasets whose rows the query groups on (query_metrics' `keys`). */
  keys: string[];
  figure: Figure;
  /** The result column holding the figure. */
  value: string;
  answer: SemanticAnswer;
  /** Conditions in words. */
  described: string[];
  words: Set<string>;
}

/** The reading waits on values the model does not list: look them up, then read again. */
export interface LookUpNeeded {
  kind: 'look-up';
  lookUps: ValueLookUp[];
}

export type Read = SemanticReading | LookUpNeeded | null;

export interface ReadingContext {
  vocabulary: Vocabulary;
  entries: ReturnType<typeof termEntries>;
}

export function readingContext(vocabulary: Vocabulary): ReadingContext {
  return { vocabulary, entries: termEntries(vocabulary) };
}

export function datasetNamed(context: ReadingContext, name: string): VocabularyDataset | null {
  return context.vocabulary.datasets.find((dataset) => dataset.name === name) ?? null;
}

export function figureName(figure: Figure): string {
  return figure.kind === 'metric' ? figure.metric.name : figure.name;
}

/** The query's parts every reading shares: the figure, its ad-hoc measure, the filters. */
export function baseQuery(
  figure: Figure,
  filters: ReadFilters,
): {
  metrics: string[];
  measures: AdHocMeasure[];
  filters: SemanticFilter[];
} {
  return {
    metrics: [figureName(figure)],
    measures:
      figure.kind === 'measure'
        ? [{ name: figure.name, measure: figure.measure.key, aggregation: figure.aggregation }]
        : [],
    filters: filters.filters,
  };
}

export function termWords(terms: readonly { tokens: readonly { norm: string }[] }[]): string[] {
  return terms.flatMap((match) => match.tokens.map((token) => token.norm));
}

export const isKind =
  <K extends Term['kind']>(kind: K) =>
  (term: Term): term is Extract<Term, { kind: K }> =>
    term.kind === kind;
