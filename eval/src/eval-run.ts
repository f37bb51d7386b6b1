import type { ExpectedOutcome } from './golden-set.ts';
import type { Verdict } from './judge-case.ts';
import type { EvalMode } from './modes/mode-setup.ts';

/** What one run of a set measured, case by case: the report and the baseline are made from it. */

export interface CaseResult {
  id: string;
  question: string;
  tags: string[];
  expect: ExpectedOutcome;
  /** The moment the case is asked, which its relative periods are counted from. */
  now: string;
  verdict: Verdict;
  /** Why it is not right, in words. */
  detail: string;
  /** The answer's final query, when it answered. */
  sql: string | null;
  /** The answer's first line, to see at a glance what the user was told. */
  said: string;
  /** Model calls for the case (all its turns). */
  steps: number;
  /** Tokens the provider reported; null when it reported none. */
  inputTokens: number | null;
  outputTokens: number | null;
  /** In US dollars, from the prices given; null without prices. */
  costUsd: number | null;
  latencyMs: number;
}

export interface EvalRun {
  set: string;
  setFile: string;
  mode: EvalMode;
  /** provider/model, as the server was configured. */
  model: string;
  database: { name: string; engine: string; dialect: string };
  startedAt: string;
  durationMs: number;
  /** The semantic model Scan auto left before the cases, when the run asked for one. */
  scanned?: { source: string; datasets: number; metrics: number };
  cases: CaseResult[];
}

/** US dollars per million tokens, when the user says what their model costs. */
export interface Prices {
  input: number;
  output: number;
}
