import type { LanguageModelV4Content } from '@ai-sdk/provider';
import { unaccountedWords } from '../account-words.ts';
import { readQueryResult } from '../answer-text.ts';
import type { OfflineState, ToolExchange } from '../conversation-state.ts';
import type { Question } from '../question.ts';
import { answerSemantic } from './answer-semantic.ts';
import { hasLookedUp, LOOK_UP, lookedUpValues, lookUpInput, withLookedUpValues } from './looked-up-values.ts';
import { readingContext } from './reading.ts';
import { readSemantic } from './read-semantic.ts';
import { readVocabulary } from './vocabulary.ts';

/*
 * The offline analyst's reading through the semantic model: list the model's vocabulary beside
 * the schema search, read the question against it, run the metric query, answer. It steps aside
 * (null) whenever the model cannot carry the question, its words or its query, and the schema
 * reading goes on from the same tool results.
 */

export const LIST_METRICS = 'offline-metrics-list';
const QUERY_METRICS = 'offline-metrics-query';

type Call = (prefix: string, toolName: string, input: Record<string, unknown>) => LanguageModelV4Content;
type Text = (value: string, outcome: 'answer') => LanguageModelV4Content[];

const lastOf = (exchanges: readonly ToolExchange[], prefix: string) =>
  exchanges.findLast((exchange) => exchange.toolCallId.startsWith(prefix) && exchange.output !== null) ??
  null;

/** Whether to list the model's vocabulary for this question: the kinds it may carry. */
export function wantsModel(question: Question, state: OfflineState): boolean {
  return (
    state.tools.has('list_metrics') &&
    (question.kind === 'count' || question.kind === 'aggregate' || question.kind === 'top')
  );
}

export function semanticStep(
  state: OfflineState,
  question: Question,
  tools: { call: Call; text: Text },
): LanguageModelV4Content[] | null {
  const listed = lastOf(state.exchanges, LIST_METRICS);
  const vocabulary = readVocabulary(listed?.output ?? null);
  if (!vocabulary) return null;
  const known = withLookedUpValues(vocabulary, lookedUpValues(state.exchanges));
  const reading = readSemantic(readingContext(known), question, state.question);
  if (reading?.kind === 'look-up') {
    // Once only: values still not found after a look-up are for the schema reading to try.
    if (hasLookedUp(state.exchanges) || !state.tools.has('query_metrics')) return null;
    return reading.lookUps.map((lookUp) => tools.call(LOOK_UP, 'query_metrics', lookUpInput(lookUp)));
  }
  if (!reading || unaccountedWords(question, reading.words, state.question).length > 0) return null;
  const ran = lastOf(state.exchanges, QUERY_METRICS);
  if (ran) {
    const output = ran.output ?? {};
    // A query the model could not compile or the database refused: the schema reading tries.
    if (typeof output.error === 'string' || typeof output.sql !== 'string') return null;
    return tools.text(answerSemantic(reading, readQueryResult(output), output.sql), 'answer');
  }
  if (!state.tools.has('query_metrics')) return null;
  return [
    tools.call(QUERY_METRICS, 'query_metrics', {
      query: reading.query,
      ...(reading.measures.length > 0 ? { measures: reading.measures } : {}),
      ...(reading.keys.length > 0 ? { keys: reading.keys } : {}),
      title: reading.answer.what,
    }),
  ];
}
