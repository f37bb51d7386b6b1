import type { Dataset, SemanticModel, SemanticTerm } from '@querent/contracts';
import { foldText } from '../../text/edit-distance.ts';
import { foldWord, plural, singular, splitWords } from '../../text/words.ts';

/*
 * What a person may type of a semantic model: each metric, dimension and dataset, and each sample
 * value of a categorical dimension, with the phrases it answers to (its label, its name read as
 * words, its synonyms; a dimension also with its dataset's label before it: "order status"), read
 * once into folded words for matching.
 */

/** A term as the wire shows it, before the match says what was typed. */
export type TermDescription = SemanticTerm extends infer T
  ? T extends SemanticTerm
    ? Omit<T, 'insert' | 'words' | 'match' | 'matched'>
    : never
  : never;

export interface TermPhrase {
  /** As the model writes it, shown as what matched. */
  text: string;
  /** Lower case, no accents, one entry per word. */
  words: string[];
  /** Each word in the singular, so "orders" and "order" are the same word. */
  singulars: string[];
  /** What the question gets when this phrase matched. */
  insert: string;
  /** A label (or value) rather than a synonym or a name: preferred on a tie. */
  primary: boolean;
}

export interface ModelTerm {
  term: TermDescription;
  phrases: TermPhrase[];
}

const kindOrder: Record<SemanticTerm['kind'], number> = { metric: 0, dimension: 1, dataset: 2, value: 3 };

/** How the kinds rank on a tie: metrics, dimensions, datasets, values. */
export function kindRank(term: TermDescription): number {
  return kindOrder[term.kind];
}

/** Words of a label, synonym or value: "Café crème" → cafe, creme. */
function textWords(text: string): string[] {
  return foldText(text)
    .split(' ')
    .filter((word) => word !== '');
}

/** Words of a model name: "order_count" → order, count; "unitPrice" → unit, price. */
function nameWords(name: string): string[] {
  return splitWords(name).map(foldWord);
}

function phrase(text: string, words: string[], insert: string, primary: boolean): TermPhrase | null {
  if (words.length === 0) return null;
  return { text, words, singulars: words.map(singular), insert, primary };
}

/** A label reads mid-sentence in lower case ("total amount"), unless it starts with an acronym ("ID"). */
function inSentence(label: string): string {
  return /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** The label a model item shows: its own, else its name in words. */
function labelOf(item: { name: string; label: string | null }): string {
  if (item.label !== null && item.label.trim() !== '') return item.label;
  const words = splitWords(item.name).join(' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label's words with the last made singular or plural: "Order lines" → order line, order lines. */
function numberForms(label: string): { singular: string; plural: string } {
  const words = inSentence(label).split(' ');
  const last = words.pop() ?? '';
  // An acronym or a proper name ("SKU", "Europe") is left as written.
  if (last !== last.toLowerCase()) return { singular: inSentence(label), plural: inSentence(label) };
  const one = singular(last);
  return { singular: [...words, one].join(' '), plural: [...words, plural(one)].join(' ') };
}

/** The usual phrases of a named item: label first, then its name in words and its synonyms. */
function namedPhrases(
  item: { name: string; synonyms: readonly string[] },
  label: string,
  insert: string,
): TermPhrase[] {
  return [
    phrase(label, textWords(label), insert, true),
    phrase(item.name, nameWords(item.name), insert, false),
    ...item.synonyms.map((synonym) => phrase(synonym, textWords(synonym), insert, false)),
  ].filter((entry) => entry !== null);
}

function datasetTerms(dataset: Dataset): ModelTerm[] {
  const label = labelOf(dataset);
  const forms = numberForms(label);
  const datasetRef = { name: dataset.name, label };
  const terms: ModelTerm[] = [
    {
      term: { kind: 'dataset', name: dataset.name, label, ...forms },
      phrases: [
        phrase(forms.singular, textWords(forms.singular), forms.singular, true),
        phrase(forms.plural, textWords(forms.plural), forms.plural, true),
        ...namedPhrases(dataset, label, forms.singular),
      ].filter((entry) => entry !== null),
    },
  ];
  for (const dimension of dataset.dimensions) {
    const dimensionLabel = labelOf(dimension);
    const insert = inSentence(dimensionLabel);
    const qualified = `${forms.singular} ${insert}`;
    terms.push({
      term: {
        kind: 'dimension',
        name: `${dataset.name}.${dimension.name}`,
        label: dimensionLabel,
        type: dimension.type,
        dataset: datasetRef,
        timeGrains: dimension.type === 'time' ? dimension.timeGrains : [],
      },
      phrases: [
        ...namedPhrases(dimension, dimensionLabel, insert),
        phrase(qualified, textWords(qualified), qualified, false),
      ].filter((entry) => entry !== null),
    });
    if (dimension.type !== 'categorical') continue;
    const dimensionRef = { name: `${dataset.name}.${dimension.name}`, label: dimensionLabel };
    for (const value of new Set(dimension.sampleValues)) {
      const valuePhrase = phrase(value, textWords(value), value, true);
      if (valuePhrase === null) continue;
      terms.push({
        term: { kind: 'value', value, dimension: dimensionRef, dataset: datasetRef },
        phrases: [valuePhrase],
      });
    }
  }
  return terms;
}

/** Every term of the model, in the model's order (metrics first). */
export function modelTerms(model: SemanticModel): ModelTerm[] {
  const metrics = model.metrics.map((metric): ModelTerm => {
    const label = labelOf(metric);
    return {
      term: {
        kind: 'metric',
        name: metric.name,
        label,
        certified: metric.certified !== null,
        description: metric.description,
      },
      phrases: namedPhrases(metric, label, inSentence(label)),
    };
  });
  return [...metrics, ...model.datasets.flatMap(datasetTerms)];
}
