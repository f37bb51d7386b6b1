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

/** Whether the reading averages something, so an "on average" of the question is its own. */
function averages(question: Question): boolean {
  switch (question.kind) {
    case 'share':
      return averages(question.of);
    case 'per':
      return true;
    case 'aggregate':
      return question.measure.aggregate === 'avg';
    case 'top':
      return question.ranking?.aggregate === 'avg';
    default:
      return false;
  }
}

// "on average", "typically": a figure per thing, which a count or a list is not.
const averageSaid = /\b(?:on average|average|mean|typical(?:ly)?)\b/i;

/**
 * Words the parser reads as intent but that name a figure of their own here: "value" or "worth"
 * ("order value", "lifetime value") names an amount no column may hold, unless the question asks
 * for distinct values; "on average" in a question that averages nothing ("how many items are in an
 * order on average" read as a count of orders).
 */
function intentLeftOut(question: Question, text: string, vocabulary: ReadonlySet<string>): string[] {
  const left: string[] = [];
  if (averageSaid.test(text) && !averages(question)) left.push('average');
  if (question.kind !== 'distinct') {
    for (const phrase of phrasesOf(question)) {
      for (const token of phrase) {
        const word = token.norm;
        if (
          (word === 'value' || word === 'worth') &&
          !accounted(word, vocabulary) &&
          !left.includes(token.raw)
        )
          left.push(token.raw);
      }
    }
  }
  return left;
}

/**
 * Words of the question the reading did not use, as the user wrote them; `text` is the question as
 * asked, for what the parse drops ("on average").
 */
export function unaccountedWords(
  question: Question,
  vocabulary: ReadonlySet<string>,
  text: string,
): string[] {
  const left: string[] = [];
  for (const phrase of phrasesOf(question)) {
    for (const token of contentTokens(phrase)) {
      if (!accounted(token.norm, vocabulary) && !left.includes(token.raw)) left.push(token.raw);
    }
  }
  for (const word of intentLeftOut(question, text, vocabulary)) if (!left.includes(word)) left.push(word);
  return left;
}
