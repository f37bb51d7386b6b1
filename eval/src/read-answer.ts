import type { Message } from '@querent/contracts';
import { messageReferencePattern } from '@querent/contracts';
import type { TurnEnd } from './chat-session.ts';
import type { DeclaredOutcome } from './metered-model.ts';

/*
 * What the analyst did with the last question, read from the stored turn (the messages after the
 * last question) as any model leaves it:
 * - error: the turn ended in error, or with no answer text;
 * - the outcome the model declared, when it declares one (the offline analyst does);
 * - otherwise, an answer whose text embeds a result ({{query:<id>}}) is about the last embedded
 *   query that ran without error;
 * - an answer embedding nothing whose text ends with a question asks to clarify;
 * - else it is about the last query of the turn that ran without error, and with none it refused.
 */

export type AnswerOutcome =
  | { kind: 'answer'; sql: string; text: string }
  | { kind: 'refusal'; text: string }
  | { kind: 'clarification'; text: string }
  | { kind: 'error'; text: string };

interface RanQuery {
  queryId: string | null;
  sql: string;
  failed: boolean;
}

/** A run_sql or query_metrics result says `error` when the statement failed (and is not JSON when it never finished). */
function failedRun(content: string | null): boolean {
  try {
    return (JSON.parse(content ?? '{}') as { error?: unknown }).error !== undefined;
  } catch {
    return true;
  }
}

/** The SQL query_metrics compiled and ran, from its result (its input is a metric query). */
function compiledSql(content: string | null): string {
  try {
    const sql = (JSON.parse(content ?? '{}') as { sql?: unknown }).sql;
    return typeof sql === 'string' ? sql : '';
  } catch {
    return '';
  }
}

function ranQueries(turn: readonly Message[]): RanQuery[] {
  return turn
    .filter(
      (message) =>
        message.role === 'function' &&
        (message.functionCall?.name === 'run_sql' || message.functionCall?.name === 'query_metrics'),
    )
    .map((message) => {
      const query = message.functionCall?.arguments.query;
      return {
        queryId: message.queryId ?? null,
        sql:
          message.functionCall?.name === 'query_metrics'
            ? compiledSql(message.content)
            : typeof query === 'string'
              ? query
              : '',
        failed: failedRun(message.content),
      };
    });
}

function embeddedIds(text: string): string[] {
  return [...text.matchAll(new RegExp(messageReferencePattern.source, 'g'))]
    .filter((match) => match[1] === 'query')
    .map((match) => match[2] ?? '');
}

export function readAnswer(
  messages: readonly Message[],
  end: TurnEnd,
  declared: DeclaredOutcome | null,
): AnswerOutcome {
  const start = messages.findLastIndex((message) => message.role === 'user');
  const turn = messages.slice(start + 1);
  const last = turn.at(-1);
  const text = last?.role === 'assistant' && !last.functionCall ? (last.content ?? '').trim() : '';
  if (end.status === 'error') return { kind: 'error', text: end.error ?? 'The turn failed.' };
  if (text === '') return { kind: 'error', text: 'The turn ended without an answer.' };
  if (declared === 'refusal') return { kind: 'refusal', text };
  if (declared === 'clarification') return { kind: 'clarification', text };
  const queries = ranQueries(turn).filter((query) => !query.failed);
  const embedded = embeddedIds(text);
  const shown = queries.findLast((query) => query.queryId !== null && embedded.includes(query.queryId));
  if (shown) return { kind: 'answer', sql: shown.sql, text };
  const words = text.replace(new RegExp(messageReferencePattern.source, 'g'), '').trim();
  if (declared !== 'answer' && words.endsWith('?')) return { kind: 'clarification', text };
  const lastRun = queries.at(-1);
  if (lastRun) return { kind: 'answer', sql: lastRun.sql, text };
  return declared === 'answer'
    ? { kind: 'error', text: 'The model declared an answer but ran no query.' }
    : { kind: 'refusal', text };
}
