import type { ResultTable } from './compare-results.ts';
import { compareResults, ordersAndLimits } from './compare-results.ts';
import type { ExpectedOutcome } from './golden-set.ts';
import type { AnswerOutcome } from './read-answer.ts';

/*
 * The verdict on one case:
 * - right: it answered and its final query's result is the reference's (or another accepted
 *   reading's), or it refused or asked where that is what the case expects;
 * - refused / asked-to-clarify: it declined or asked where an answer was expected: not right, but
 *   not misleading either;
 * - confident-wrong: it answered with a result that is not the reference's, or answered a question
 *   it should have refused or asked about;
 * - error: the turn failed, or its final query could not be run again.
 */

export const verdicts = ['right', 'refused', 'asked-to-clarify', 'confident-wrong', 'error'] as const;
export type Verdict = (typeof verdicts)[number];

export interface Judgement {
  verdict: Verdict;
  detail: string;
}

export type RunResult = { ok: true; table: ResultTable } | { ok: false; error: string };

export interface References {
  /** The reference SQL and the accepted other readings, each with its result. */
  readings: { sql: string; result: RunResult }[];
  /** Whether rows compare in order; the case may say, else the reference orders and limits. */
  ordered: boolean | undefined;
  precision: number;
}

export function judgeCase(
  expected: ExpectedOutcome,
  outcome: AnswerOutcome,
  answerResult: RunResult | null,
  references: References,
): Judgement {
  // A reference that does not run on this database (SQL of another dialect) cannot judge anything.
  const broken = references.readings.find((reading) => !reading.result.ok);
  if (broken && !broken.result.ok)
    return { verdict: 'error', detail: `the reference SQL failed: ${broken.result.error}` };
  switch (outcome.kind) {
    case 'error':
      return { verdict: 'error', detail: outcome.text };
    case 'refusal':
      return expected === 'refusal'
        ? { verdict: 'right', detail: 'refused, as expected' }
        : { verdict: 'refused', detail: `expected ${expected}` };
    case 'clarification':
      return expected === 'clarification'
        ? { verdict: 'right', detail: 'asked which reading is meant, as expected' }
        : { verdict: 'asked-to-clarify', detail: `expected ${expected}` };
    case 'answer':
      break;
  }
  if (expected !== 'answer') {
    return { verdict: 'confident-wrong', detail: `answered where a ${expected} was expected` };
  }
  if (answerResult === null || !answerResult.ok) {
    return {
      verdict: 'error',
      detail: `its final query failed when run again: ${answerResult?.ok === false ? answerResult.error : 'not run'}`,
    };
  }
  const reasons: string[] = [];
  for (const reading of references.readings) {
    if (!reading.result.ok) continue;
    const comparison = compareResults(reading.result.table, answerResult.table, {
      ordered: references.ordered ?? ordersAndLimits(reading.sql),
      precision: references.precision,
    });
    if (comparison.match) return { verdict: 'right', detail: '' };
    reasons.push(comparison.reason);
  }
  return { verdict: 'confident-wrong', detail: reasons[0] ?? 'no reference to compare with' };
}
