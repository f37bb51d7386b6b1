import { messageReferencePattern } from '@querent/contracts';
import { z } from 'zod';
import type { AnalystAnswer, AnswerQuery, AnswerStanding } from '../../conversations/analyst-answer.ts';
import { boundedRowsSchema, boundRows } from '../bounded-rows.ts';
import { nameFigures, summarizeFigures } from './figure-summary.ts';

/** Results an answer shows at most (the last ones: the analyst's final queries come last). */
const QUERIES_SHOWN = 8;
/** Each result's share of the answer, so several fit where one run_sql result would. */
const RESULT_LIMITS = { rows: 50, chars: 5000 };
const ANSWER_CHARS = 20_000;

const standingKinds = ['certified_metric', 'metric', 'verified_query', 'free_sql'] as const;

export const answeredQuerySchema = boundedRowsSchema.partial({ columns: true }).extend({
  tool: z.string().describe("The analyst's tool that ran it: query_metrics or run_sql."),
  title: z.string().nullable(),
  sql: z.string(),
  error: z.string().nullable().describe("The database's message when it failed or was refused."),
  standsOn: z
    .enum(standingKinds)
    .describe(
      'certified_metric: every figure is a certified metric; metric: metrics of the semantic model not all certified; verified_query: a saved query a person verified; free_sql: SQL the analyst wrote.',
    ),
  standsOnDetail: z.string().describe('The same, in words to repeat.'),
});
type AnsweredQuery = z.infer<typeof answeredQuerySchema>;

function kindOf(standing: AnswerStanding): (typeof standingKinds)[number] {
  if (standing.kind === 'free_sql' || standing.kind === 'verified_query') return standing.kind;
  const figures = standing.figures;
  return figures.length > 0 && figures.every((entry) => entry.kind === 'metric' && entry.certified !== null)
    ? 'certified_metric'
    : 'metric';
}

function detailOf(standing: AnswerStanding): string {
  if (standing.kind === 'free_sql')
    return 'SQL the analyst wrote: no metric or verified query vouches for it.';
  if (standing.kind === 'verified_query')
    return `The verified query "${standing.title ?? standing.id}", checked by a person.`;
  return summarizeFigures(standing.figures, standing.modelSource);
}

function shapeQuery({ tool, query, standsOn }: AnswerQuery): AnsweredQuery {
  const rows =
    query.columns === null || query.rows === null
      ? { rows: [], rowsShown: 0, rowCount: query.count, truncated: false }
      : boundRows({ ...query, columns: query.columns, rows: query.rows }, RESULT_LIMITS);
  return {
    ...rows,
    tool,
    title: query.title,
    sql: query.sql,
    error: query.error,
    standsOn: kindOf(standsOn),
    standsOnDetail: detailOf(standsOn),
  };
}

/** What the whole answer stands on, from the queries that ran: to repeat to the person asking. */
function summarize(queries: readonly AnswerQuery[]): string {
  const ran = queries.filter((entry) => entry.query.error === null);
  if (ran.length === 0) return 'No query ran: the answer stands on no data Querent read.';
  const parts = new Set<string>();
  for (const { standsOn } of ran) {
    if (standsOn.kind === 'metrics') for (const name of nameFigures(standsOn.figures)) parts.add(name);
    else if (standsOn.kind === 'verified_query')
      parts.add(`the verified query "${standsOn.title ?? standsOn.id}"`);
    else parts.add('SQL the analyst wrote');
  }
  const unreviewed = ran.some(
    ({ standsOn }) => standsOn.kind === 'metrics' && standsOn.modelSource !== 'saved',
  )
    ? ' Part of it comes from a semantic model nobody has reviewed yet.'
    : '';
  return `This answer stands on ${[...parts].join('; ')}.${unreviewed}`;
}

/**
 * The text as a client reads it: an embedded result names the entry of `queries` holding it, and
 * a chart (drawn only in the web app) its title and where to see it.
 */
function plainText(answer: AnalystAnswer, shownIds: readonly string[]): string | null {
  if (answer.text === null) return null;
  const text = answer.text.replace(
    new RegExp(messageReferencePattern.source, 'g'),
    (_whole, kind: string, id: string) => {
      if (kind === 'chart') {
        const chart = answer.charts.find((each) => each.id === id);
        return `[chart "${chart?.title ?? 'untitled'}": open the conversation in Querent to see it]`;
      }
      const index = shownIds.indexOf(id);
      return index >= 0 ? `[result: queries[${index}]]` : '[a result not shown here]';
    },
  );
  return text.length > ANSWER_CHARS ? `${text.slice(0, ANSWER_CHARS)}…` : text;
}

export const analystAnswerSchema = z.object({
  answer: z.string().nullable().describe("The analyst's answer in markdown; null when it wrote none."),
  outcome: z.enum(['answered', 'stopped']),
  queries: z
    .array(answeredQuerySchema)
    .describe('The queries it ran, in order, each with its SQL, rows (bounded) and what it stands on.'),
  standsOn: z.string().describe('What the answer stands on, in words to repeat to the person asking.'),
  conversationId: z.string(),
  conversationUrl: z.string().describe("Where the person sees this conversation in Querent's chat."),
  credits: z
    .object({ spent: z.number(), inputTokens: z.number(), outputTokens: z.number() })
    .nullable()
    .describe('What answering cost, when credits are counted (hosted Querent).'),
  note: z.string().optional(),
});
export type AnalystAnswerOutput = z.infer<typeof analystAnswerSchema>;

/** An analyst's answer as ask_analyst answers it: bounded, with its queries and what they stand on. */
export function shapeAnalystAnswer(answer: AnalystAnswer, conversationUrl: string): AnalystAnswerOutput {
  const shown = answer.queries.slice(-QUERIES_SHOWN);
  const left = answer.queries.length - shown.length;
  const notes = [
    ...(left > 0 ? [`${left} earlier queries are not shown; the conversation has them all.`] : []),
    ...(answer.outcome === 'stopped' ? ['The answer was stopped before it was finished.'] : []),
  ];
  return {
    answer: plainText(
      answer,
      shown.map((entry) => entry.query.id),
    ),
    outcome: answer.outcome === 'stopped' ? 'stopped' : 'answered',
    queries: shown.map(shapeQuery),
    standsOn: summarize(answer.queries),
    conversationId: answer.conversationId,
    conversationUrl,
    credits:
      answer.usage === null
        ? null
        : {
            spent: answer.usage.credits,
            inputTokens: answer.usage.inputTokens,
            outputTokens: answer.usage.outputTokens,
          },
    ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
  };
}
