import { grammarWords, tokenize } from '../words.ts';

/*
 * The semantic model as the offline analyst reads it from list_metrics: every dataset, dimension,
 * measure and metric with the phrases people may call it by (its label, its synonyms, its name's
 * words), each phrase in the comparable form of the question's words (lower case, singular,
 * grammar words left out), so "invoice lines", "InvoiceLine" and "invoice_line" read alike.
 */

export type Phrase = readonly string[];

interface Named {
  name: string;
  label: string;
  phrases: Phrase[];
}

export interface VocabularyDimension extends Named {
  /** `dataset.dimension`, as a metric query names it. */
  key: string;
  dataset: string;
  type: string;
  grains: string[];
  values: string[];
}

export interface VocabularyMeasure extends Named {
  key: string;
  dataset: string;
  aggregation: string;
}

export interface VocabularyMetric extends Named {
  type: string;
  /** `dataset.measure` of a simple or cumulative metric. */
  measure: string | null;
  certified: { by: string; at: string } | null;
  owner: string | null;
}

export interface VocabularyDataset extends Named {
  /** Its primary key's columns: one lets a query group on its rows. */
  key: string[];
  dimensions: VocabularyDimension[];
  measures: VocabularyMeasure[];
}

export interface Vocabulary {
  datasets: VocabularyDataset[];
  metrics: VocabularyMetric[];
}

// Grammar words of a question that are also nouns of names ("order item", "journal entry"): kept,
// or "Order item" would read as "Order".
const nameNouns = new Set(['item', 'entry', 'record', 'row', 'thing', 'table']);

/** A word a phrase is compared without: a grammar word that is no noun of a name. */
export function isDropped(word: string): boolean {
  return grammarWords.has(word) && !nameNouns.has(word);
}

/** A phrase's words as the question's are compared: singular, lower case, no grammar words. */
export function phraseOf(text: string): Phrase {
  return tokenize(text)
    .map((token) => token.norm)
    .filter((word) => !isDropped(word));
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asText = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const texts = (value: unknown): string[] =>
  asArray(value).filter((entry): entry is string => typeof entry === 'string');

function named(entry: Record<string, unknown>): Named | null {
  const name = asText(entry.name);
  if (name === null) return null;
  const label = asText(entry.label) ?? name.replace(/_/g, ' ');
  const phrases = [label, name, ...texts(entry.synonyms)].map(phraseOf).filter((phrase) => phrase.length > 0);
  const unique = new Map(phrases.map((phrase) => [phrase.join(' '), phrase]));
  return { name, label, phrases: [...unique.values()] };
}

function certificationOf(value: unknown): VocabularyMetric['certified'] {
  const record = asRecord(value);
  const by = asText(record.by);
  const at = asText(record.at);
  return by !== null && at !== null ? { by, at } : null;
}

/** The vocabulary list_metrics returned; null when it has no datasets (no model). */
export function readVocabulary(output: Record<string, unknown> | null): Vocabulary | null {
  if (output === null || typeof output.error === 'string') return null;
  const datasets: VocabularyDataset[] = [];
  for (const raw of asArray(output.datasets)) {
    const entry = asRecord(raw);
    const dataset = named(entry);
    if (!dataset) continue;
    const dimensions = asArray(entry.dimensions).flatMap((item) => {
      const record = asRecord(item);
      const dimension = named(record);
      if (!dimension) return [];
      return [
        {
          ...dimension,
          key: `${dataset.name}.${dimension.name}`,
          dataset: dataset.name,
          type: asText(record.type) ?? 'categorical',
          grains: texts(record.grains),
          values: texts(record.values),
        },
      ];
    });
    const measures = asArray(entry.measures).flatMap((item) => {
      const record = asRecord(item);
      const measure = named(record);
      if (!measure) return [];
      return [
        {
          ...measure,
          key: `${dataset.name}.${measure.name}`,
          dataset: dataset.name,
          aggregation: asText(record.aggregation) ?? 'sum',
        },
      ];
    });
    datasets.push({ ...dataset, key: texts(entry.key), dimensions, measures });
  }
  if (datasets.length === 0) return null;
  const metrics = asArray(output.metrics).flatMap((raw) => {
    const record = asRecord(raw);
    const metric = named(record);
    if (!metric) return [];
    return [
      {
        ...metric,
        type: asText(record.type) ?? 'simple',
        measure: asText(record.measure),
        certified: certificationOf(record.certified),
        owner: asText(record.owner),
      },
    ];
  });
  return { datasets, metrics };
}
