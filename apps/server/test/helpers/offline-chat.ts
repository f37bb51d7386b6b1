import type { Message, StatusEvent } from '@querent/contracts';
import Database3 from 'better-sqlite3';
import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';
import type { ChatClient } from './chat-client.ts';
import { startConversation } from './factories.ts';
import { columnValues } from './result-rows.ts';

/*
 * Asking the offline analyst as the chat does (socket `ask`, then the stored conversation), and
 * the truth to check its answers against, read straight from the SQLite file.
 */

export interface RunSqlStep {
  sql: string;
  queryId: string | null;
  /** What run_sql returned to the model: columns, rowCount, the first rows (cells in column order), or an error. */
  result: {
    rowCount?: number;
    columns?: { name: string; type: string }[];
    rows?: unknown[][];
    error?: string;
    embed?: string;
  };
}

/** The columns and rows run_sql showed the model (empty when it showed none). */
export function shownResult(step: RunSqlStep): { columns: { name: string }[]; rows: unknown[][] } {
  return { columns: step.result.columns ?? [], rows: step.result.rows ?? [] };
}

/** Every shown row's cell of the named column, found by its position in the columns list. */
export function shownColumn(step: RunSqlStep, name: string): unknown[] {
  return columnValues(shownResult(step), name);
}

export interface AskedQuestion {
  messages: Message[];
  answer: string;
  /** The tools called, in order. */
  steps: string[];
  queries: RunSqlStep[];
  /** The last run_sql: the query the answer is about. */
  final: RunSqlStep | null;
}

export async function askOnce(
  api: ApiClient,
  client: ChatClient,
  databaseId: string,
  question: string,
  /** Called when the turn starts and ends, around the model's work only (not the REST calls). */
  turn?: { start(): void; end(): void },
): Promise<AskedQuestion> {
  const conversationId = await startConversation(api, `database-${databaseId}`);
  turn?.start();
  let end: StatusEvent;
  try {
    client.socket.emit('ask', conversationId, question);
    end = await client.waitFor<StatusEvent>(
      'status',
      (event) => event.conversation_id === conversationId && event.status !== 'running',
      30_000,
    );
  } finally {
    turn?.end();
  }
  expect(end, JSON.stringify(end)).toMatchObject({ status: 'clear', error: null });
  const stored = await api.get<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
  const { messages } = stored.body;
  // query_metrics runs SQL too: the SQL it compiled is in its result, its input is a metric query.
  const queries = messages
    .filter(
      (message) =>
        message.role === 'function' &&
        (message.functionCall?.name === 'run_sql' || message.functionCall?.name === 'query_metrics'),
    )
    .map((message) => {
      const result = JSON.parse(message.content ?? '{}') as RunSqlStep['result'] & { sql?: string };
      const query = message.functionCall?.arguments.query;
      return {
        sql: typeof query === 'string' ? query : (result.sql ?? ''),
        queryId: message.queryId ?? null,
        result,
      };
    });
  return {
    messages,
    answer: messages.at(-1)?.content ?? '',
    steps: messages
      .filter((message) => message.role === 'assistant' && message.functionCall)
      .map((message) => message.functionCall?.name ?? ''),
    queries,
    final: queries.at(-1) ?? null,
  };
}

/** The true answers, computed by our own SQL on the same file. */
export interface Truth {
  all<T = Record<string, unknown>>(sql: string): T[];
  value(sql: string): unknown;
  close(): void;
}

export function truthOf(filename: string): Truth {
  const db = new Database3(filename, { readonly: true });
  return {
    all: <T>(sql: string) => db.prepare(sql).all() as T[],
    value: (sql: string) => db.prepare(sql).pluck().get(),
    close: () => db.close(),
  };
}

/** The answer is the offline analyst's, says so, and says how to configure a real model. */
export function expectOfflineFooter(answer: string): void {
  expect(answer).toContain("Querent's **offline analyst**");
  expect(answer).toContain('OPENAI_API_KEY');
  expect(answer).toContain('ANTHROPIC_API_KEY');
  expect(answer).toContain('LLM_BASE_URL');
  expect(answer).toContain('README');
}

/** The answer shows the final query's SQL and embeds its result. */
export function expectQueryShown(asked: AskedQuestion): RunSqlStep {
  const { final } = asked;
  expect(final, asked.answer).not.toBeNull();
  if (!final) throw new Error('no query');
  expect(final.result.error, final.sql).toBeUndefined();
  expect(asked.answer).toContain(final.sql);
  expect(asked.answer).toContain(`{{query:${final.queryId ?? ''}}}`);
  return final;
}

/** A figure as the answer writes it. */
export const shown = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** `key → value` of the truth's rows, for comparing groups. */
export function pairs(
  rows: readonly Record<string, unknown>[],
  key: string,
  value: string,
): Map<string, number> {
  return new Map(rows.map((row) => [String(row[key]), Number(row[value])]));
}

/** `key → value` of the rows run_sql showed, each cell found by its column's position. */
export function shownPairs(step: RunSqlStep, key: string, value: string): Map<string, number> {
  const keys = shownColumn(step, key);
  const values = shownColumn(step, value);
  return new Map(keys.map((cell, index) => [String(cell), Number(values[index])]));
}

/** Every group the analyst shows has the true value, and there are as many groups as in truth. */
export function expectGroups(
  step: RunSqlStep,
  truth: readonly Record<string, unknown>[],
  columns: { key: string; value: string; truthKey?: string; truthValue?: string },
): void {
  const rows = step.result.rows ?? [];
  const expected = pairs(truth, columns.truthKey ?? 'k', columns.truthValue ?? 'v');
  expect(step.result.rowCount).toBe(expected.size);
  expect(rows.length).toBeGreaterThan(0);
  for (const [key, value] of shownPairs(step, columns.key, columns.value)) {
    expect(expected.has(key), `${key} is a true group`).toBe(true);
    expect(value).toBeCloseTo(expected.get(key) ?? Number.NaN, 6);
  }
}
