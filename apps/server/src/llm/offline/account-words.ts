import { singular } from '../../text/words.ts';
import type { Question } from './question.ts';
import type { Token } from './words.ts';
import { contentTokens, tokenize } from './words.ts';

/*
 * Before it answers, the offline analyst checks that its reading used every word of the question
 * that could change the answer: each word naming a table, a column, a value, a unit or a
 * condition must be one its query accounts for. A word no reading used ("signed up through
 * Facebook", "not", "or") means the answer would be to another question, so it declines instead.
 */

function phrasesOf(question: Question): Token[][] {
  switch (question.kind) {
    case 'share':
      return phrasesOf(question.of);
    case 'per':
      return [
        question.counted ?? [],
        question.per,
        question.measure?.words ?? [],
        ...filterPhrases(question.filters),
      ];
    case 'count':
      return [question.target, question.by ?? [], ...filterPhrases(question.filters)];
    case 'rows':
      return [question.target, question.order?.words ?? [], ...filterPhrases(question.filters)];
    case 'top':
      return [question.target, question.ranking?.words ?? [], ...filterPhrases(question.filters)];
    case 'aggregate':
      return [question.target, question.measure.words, question.by ?? [], ...filterPhrases(question.filters)];
    case 'distinct':
      return [question.column, question.target, ...filterPhrases(question.filters)];
    default:
      return [];
  }
}

function filterPhrases(filters: Extract<Question, { kind: 'count' }>['filters']): Token[][] {
  return filters.flatMap((filter) => [filter.column ?? [], ...filter.values.map((value) => tokenize(value))]);
}

function accounted(word: string, vocabulary: ReadonlySet<string>): boolean {
  if (vocabulary.has(word) || vocabulary.has(singular(word))) return true;
  if (word.length < 5) return false;
  for (const known of vocabulary) {
    if (known.length >= 5 && (known.startsWith(word) || word.startsWith(known))) return true;
  }
  return false;
}

/** Words of the question the reading did not use, as the user wrote them. */
export function unaccountedWords(question: Question, vocabulary: ReadonlySet<string>): string[] {
  const left: string[] = [];
  for (const phrase of phrasesOf(question)) {
    for (const token of contentTokens(phrase)) {
      if (!accounted(token.norm, vocabulary) && !left.includes(token.raw)) left.push(token.raw);
    }
  }
  return left;
}
