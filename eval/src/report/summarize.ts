import type { CaseResult } from '../eval-run.ts';
import type { Verdict } from '../judge-case.ts';
import { verdicts } from '../judge-case.ts';

/** Counts of each verdict, overall and per tag, with accuracy (right / cases). */

export interface Tally {
  cases: number;
  counts: Record<Verdict, number>;
  /** Right answers (and right refusals and questions) over all cases, 0 to 1. */
  accuracy: number;
}

export interface Summary {
  total: Tally;
  byTag: Record<string, Tally>;
  byExpected: Record<string, Tally>;
  steps: number;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  latencyMs: { median: number; max: number };
}

function tally(results: readonly CaseResult[]): Tally {
  const counts = Object.fromEntries(verdicts.map((verdict) => [verdict, 0])) as Record<Verdict, number>;
  for (const result of results) counts[result.verdict] += 1;
  return {
    cases: results.length,
    counts,
    accuracy: results.length === 0 ? 0 : counts.right / results.length,
  };
}

function groupBy(
  results: readonly CaseResult[],
  keys: (result: CaseResult) => string[],
): Record<string, Tally> {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) {
    for (const key of keys(result)) groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  return Object.fromEntries(
    [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, group]) => [key, tally(group)]),
  );
}

function total(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function summarize(results: readonly CaseResult[]): Summary {
  return {
    total: tally(results),
    byTag: groupBy(results, (result) => result.tags),
    byExpected: groupBy(results, (result) => [result.expect]),
    steps: results.reduce((sum, result) => sum + result.steps, 0),
    inputTokens: total(results.map((result) => result.inputTokens)),
    outputTokens: total(results.map((result) => result.outputTokens)),
    costUsd: total(results.map((result) => result.costUsd)),
    latencyMs: {
      median: median(results.map((result) => result.latencyMs)),
      max: Math.max(0, ...results.map((result) => result.latencyMs)),
    },
  };
}
