import type { LanguageModelV4Content } from '@ai-sdk/provider';
import { unaccountedWords } from './account-words.ts';
import { answerColumns, answerHelp, answerTables } from './answer-schema.ts';
import { OFFLINE_FOOTER, answerQuery, readQueryResult } from './answer-text.ts';
import type { OfflineState, ToolExchange } from './conversation-state.ts';
import { readFollowUp } from './follow-up.ts';
import { parseMeasure, parseQuestion } from './parse-question.ts';
import { createPlanContext } from './plan-context.ts';
import { qualityStep } from './quality-step.ts';
import { planQuestion } from './plan-question.ts';
import type { QueryPlan } from './plan-types.ts';
import type { MeasureHint, Question } from './question.ts';
import type { Refusal } from './refusal-text.ts';
import { unsupportedRefusal, wordsRefusal } from './refusal-text.ts';
import type { Knowledge } from './schema-knowledge.ts';
import { readKnowledge, tableKey } from './schema-knowledge.ts';
import { dialectFor } from './sql-dialect.ts';
import { readProbeRows } from './value-probe.ts';
import { LIST_METRICS, semanticStep, wantsModel } from './semantic/semantic-step.ts';

/*
 * One step of the offline analyst, from the question and the tool results so far: list the
 * tables (and search for the question's words), describe the tables it needs, look values up,
 * run the query, answer. Its own calls are told apart by their ids' prefixes. Its last word says,
 * in the answer's provider metadata (`querent.outcome`), whether it answered, declined or asked.
 */

const QUERY = 'offline-query';
const PROBE = 'offline-probe';
const LISTING_LIMIT = 50;
const SEARCH_LIMIT = 10;

let sequence = 0;

function call(prefix: string, toolName: string, input: Record<string, unknown>): LanguageModelV4Content {
  sequence += 1;
  return {
    type: 'tool-call',
    toolCallId: `${prefix}-${Date.now().toString(36)}-${sequence}`,
    toolName,
    input: JSON.stringify(input),
  };
}

type Outcome = 'answer' | 'refusal' | 'clarification';

const text = (value: string, outcome?: Outcome): LanguageModelV4Content[] => [
  {
    type: 'text',
    text: value,
    ...(outcome === undefined ? {} : { providerMetadata: { querent: { outcome } } }),
  },
];

const refuse = (refusal: Refusal, knowledge: Knowledge) =>
  text(answerHelp(refusal.reason, knowledge, refusal.rephrasing), 'refusal');
const fail = (reason: string | null, knowledge: Knowledge) => text(answerHelp(reason, knowledge), 'refusal');

const lastOf = (exchanges: readonly ToolExchange[], prefix: string) =>
  exchanges.findLast((exchange) => exchange.toolCallId.startsWith(prefix) && exchange.output !== null) ??
  null;

// Column words a hint may be spelled with, so the search finds where the money or the dates are.
const hintSearch: Record<MeasureHint, string[]> = {
  money: ['total', 'amount', 'revenue', 'price', 'quantity'],
  price: ['price', 'cost'],
  duration: ['duration', 'milliseconds', 'length'],
  size: ['size', 'bytes', 'quantity'],
  date: ['date'],
};

/** Words worth searching the schema for: those naming what to measure, group on and filter. */
function searchWords(question: Question): string {
  if (question.kind === 'share') return searchWords(question.of);
  const phrases = [];
  if ('target' in question) phrases.push(question.target);
  if (question.kind === 'aggregate') phrases.push(question.measure.words);
  if ((question.kind === 'aggregate' || question.kind === 'count') && question.by) phrases.push(question.by);
  if (question.kind === 'top' && question.ranking) phrases.push(question.ranking.words);
  if (question.kind === 'distinct') phrases.push(question.column);
  if (question.kind === 'per') phrases.push(question.counted ?? [], question.per);
  const words = new Set(phrases.flat().map((token) => token.norm));
  const hint =
    question.kind === 'aggregate'
      ? question.measure.hint
      : question.kind === 'top'
        ? question.ranking?.hint
        : question.kind === 'count' && question.by
          ? parseMeasure(question.target.map((token) => token.raw).join(' ')).hint
          : null;
  if (hint) for (const word of hintSearch[hint]) words.add(word);
  return [...words].slice(0, 12).join(' ');
}

const computes = (question: Question): boolean =>
  question.kind === 'aggregate' ||
  question.kind === 'top' ||
  question.kind === 'distinct' ||
  question.kind === 'per' ||
  question.kind === 'share' ||
  (question.kind === 'count' && question.by !== null);

function sqlStep(sql: string, state: OfflineState): LanguageModelV4Content[] {
  const plan: QueryPlan = {
    sql,
    title: 'Your SQL',
    filters: [],
    notes: [],
    answer: { kind: 'sql' },
    vocabulary: new Set(),
  };
  const done = lastOf(state.exchanges, QUERY);
  if (done) return text(answerQuery(plan, readQueryResult(done.output)), 'answer');
  if (!state.tools.has('run_sql')) return text(`I could not run your SQL at this step.\n\n${OFFLINE_FOOTER}`);
  return [call(QUERY, 'run_sql', { query: sql, title: 'Your SQL' })];
}

function describeOutput(state: OfflineState, name: string): Record<string, unknown> | null {
  const found = state.exchanges.findLast(
    (exchange) =>
      exchange.toolName === 'describe_table' &&
      typeof exchange.output?.table === 'string' &&
      tableKey(exchange.output.table) === tableKey(name),
  );
  return found?.output ?? null;
}

function planned(
  state: OfflineState,
  question: Question,
  knowledge: Knowledge,
  notes: string[],
): LanguageModelV4Content[] {
  const probeExchange = lastOf(state.exchanges, PROBE);
  const probeError = typeof probeExchange?.output?.error === 'string' ? probeExchange.output.error : null;
  if (probeError !== null)
    return fail(`looking the values up failed. The database said: ${probeError}`, knowledge);
  const context = createPlanContext({
    knowledge,
    dialect: dialectFor(state.dialect),
    probe: probeExchange?.output ? readProbeRows(probeExchange.output) : null,
  });
  context.notes.push(...notes);
  const outcome = planQuestion(context, question);
  switch (outcome.kind) {
    case 'describe': {
      const asked = new Set(
        state.exchanges
          .filter((exchange) => exchange.toolName === 'describe_table')
          .map((exchange) => (exchange.input as { table?: unknown } | null)?.table)
          .filter((table): table is string => typeof table === 'string')
          .map(tableKey),
      );
      const fresh = outcome.tables.filter((name) => !asked.has(tableKey(name)));
      if (fresh.length === 0 || !state.tools.has('describe_table')) {
        return fail(`I could not learn enough about ${outcome.tables.join(', ')}.`, knowledge);
      }
      return fresh.map((table) => call('offline-describe', 'describe_table', { table }));
    }
    case 'probe':
      if (!state.tools.has('run_sql')) return fail('I ran out of steps.', knowledge);
      return [call(PROBE, 'run_sql', { query: outcome.sql, title: outcome.title })];
    case 'query': {
      const left = unaccountedWords(question, outcome.plan.vocabulary, state.question);
      if (left.length > 0) return refuse(wordsRefusal(left, knowledge, state.question), knowledge);
      const done = lastOf(state.exchanges, QUERY);
      if (done) return text(answerQuery(outcome.plan, readQueryResult(done.output)), 'answer');
      if (!state.tools.has('run_sql')) return fail('I ran out of steps.', knowledge);
      return [call(QUERY, 'run_sql', { query: outcome.plan.sql, title: outcome.plan.title })];
    }
    case 'clarify': {
      const left = unaccountedWords(question, outcome.vocabulary, state.question);
      if (left.length > 0) return refuse(wordsRefusal(left, knowledge, state.question), knowledge);
      return text([outcome.question, OFFLINE_FOOTER].join('\n\n'), 'clarification');
    }
    case 'columns':
      return text(answerColumns(outcome.table, describeOutput(state, outcome.table.name)));
    case 'search':
      return [call('offline-search', 'search_schema', { query: outcome.query, limit: SEARCH_LIMIT })];
    case 'fail':
      return fail(outcome.reason, knowledge);
  }
}

/** The question, read as a follow-up of the one before when it leans on it ("and returned?"). */
function readQuestion(state: OfflineState): { question: Question; notes: string[] } {
  const followUp = readFollowUp(state.question, state.earlier);
  if (followUp)
    return { question: followUp.question, notes: [`I read this as a follow-up to "${followUp.previous}".`] };
  return { question: parseQuestion(state.question), notes: [] };
}

/** What the offline analyst does at this step: tool calls, or its answer. */
export function offlineStep(state: OfflineState): LanguageModelV4Content[] {
  const quality = qualityStep(state);
  if (quality) return quality;
  const { question, notes } = readQuestion(state);
  if (question.kind === 'sql') return sqlStep(question.sql, state);
  const searched = state.exchanges.some((exchange) => exchange.toolName === 'search_schema');
  if (!searched && state.tools.has('search_schema')) {
    const calls = [call('offline-search', 'search_schema', { query: '', limit: LISTING_LIMIT })];
    const words = computes(question) ? searchWords(question) : '';
    if (words !== '')
      calls.push(call('offline-search', 'search_schema', { query: words, limit: SEARCH_LIMIT }));
    if (wantsModel(question, state)) calls.push(call(LIST_METRICS, 'list_metrics', {}));
    return calls;
  }
  // The semantic model's reading first; the schema's when the model cannot carry the question, or
  // when it refines the question before (a follow-up's filter replaces one of the earlier's).
  const semantic = notes.length === 0 ? semanticStep(state, question, { call, text }) : null;
  if (semantic) return semantic;
  const knowledge = readKnowledge(state.exchanges);
  if (question.kind === 'tables') return text(answerTables(knowledge));
  if (question.kind === 'unknown') return fail(null, knowledge);
  if (question.kind === 'unsupported') return refuse(unsupportedRefusal(question), knowledge);
  return planned(state, question, knowledge, notes);
}
