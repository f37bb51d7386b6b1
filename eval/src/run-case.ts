import type { ChatSession } from './chat-session.ts';
import type { EvalDatabase } from './eval-database.ts';
import type { CaseResult, Prices } from './eval-run.ts';
import type { GoldenCase, GoldenSet } from './golden-set.ts';
import { caseNow, sqlFor } from './golden-set.ts';
import type { RunResult } from './judge-case.ts';
import { judgeCase } from './judge-case.ts';
import type { Meter } from './metered-model.ts';
import type { CaseContext, ModeSetup } from './modes/mode-setup.ts';
import { brokenCandidates } from './oracle/break-sql.ts';
import { compareResults, ordersAndLimits } from './compare-results.ts';
import { readAnswer } from './read-answer.ts';

/*
 * One case through the real server: a new conversation, the earlier turns of a follow-up, the
 * question, the turn's end; then its final query and the references run on the database and
 * compared.
 */

export interface CaseDeps {
  baseUrl: string;
  database: EvalDatabase;
  chat: ChatSession;
  meter: Meter;
  setup: ModeSetup;
  set: GoldenSet;
  prices: Prices | null;
  timeoutMs: number;
  runSql(sql: string): Promise<RunResult>;
}

/** The first wrong query whose result differs from the reference's (for the broken oracle). */
async function brokenSql(
  deps: CaseDeps,
  reference: string | null,
  result: RunResult | null,
): Promise<string> {
  if (reference === null || result === null || !result.ok) return 'SELECT 42 AS answer';
  for (const candidate of brokenCandidates(reference)) {
    const run = await deps.runSql(candidate);
    if (!run.ok) continue;
    const same = compareResults(result.table, run.table, {
      ordered: ordersAndLimits(reference),
      precision: deps.set.precision,
    });
    if (!same.match) return candidate;
  }
  throw new Error(`No wrong query differs from the reference:\n${reference}`);
}

function sum(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((total, value) => total + value, 0);
}

function firstLine(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

export async function runCase(deps: CaseDeps, entry: GoldenCase): Promise<CaseResult> {
  const { dialect } = deps.database;
  const reference = sqlFor(entry.sql, dialect);
  if (entry.expect === 'answer' && reference === null)
    throw new Error(`Case ${entry.id} has no reference SQL for ${dialect}`);
  const readingSql = [reference, ...(entry.alsoRight ?? []).map((sql) => sqlFor(sql, dialect))].filter(
    (sql): sql is string => sql !== null,
  );
  const readings = [];
  for (const sql of readingSql) readings.push({ sql, result: await deps.runSql(sql) });
  const context: CaseContext = {
    id: entry.id,
    question: entry.question,
    expect: entry.expect,
    reference,
    broken: deps.setup.needsBrokenSql ? await brokenSql(deps, reference, readings[0]?.result ?? null) : null,
  };

  deps.meter.reset();
  deps.setup.beginCase(context);
  const conversationId = await deps.chat.startConversation(`database-${deps.database.id}`);
  const started = performance.now();
  let end = { status: 'clear' as 'clear' | 'error', error: null as string | null };
  for (const question of [...(entry.turns ?? []), entry.question]) {
    end = await deps.chat.ask(conversationId, question, deps.timeoutMs);
    if (end.status === 'error') break;
  }
  const latencyMs = Math.round(performance.now() - started);
  deps.setup.endCase();
  const { messages } = await deps.chat.read(conversationId);
  const calls = deps.meter.calls;
  const outcome = readAnswer(messages, end, calls.at(-1)?.declared ?? null);
  const answerResult = outcome.kind === 'answer' ? await deps.runSql(outcome.sql) : null;
  const judgement = judgeCase(entry.expect, outcome, answerResult, {
    readings,
    ordered: entry.ordered,
    precision: deps.set.precision,
  });
  const inputTokens = sum(calls.map((call) => call.inputTokens));
  const outputTokens = sum(calls.map((call) => call.outputTokens));
  const { prices } = deps;
  return {
    id: entry.id,
    question: entry.question,
    tags: entry.tags,
    expect: entry.expect,
    now: caseNow(deps.set, entry),
    verdict: judgement.verdict,
    detail: judgement.detail,
    sql: outcome.kind === 'answer' ? outcome.sql : null,
    said: firstLine(outcome.text),
    steps: calls.length,
    inputTokens,
    outputTokens,
    costUsd:
      prices === null
        ? null
        : ((inputTokens ?? 0) * prices.input + (outputTokens ?? 0) * prices.output) / 1e6,
    latencyMs,
  };
}
