import type { CaseResult, EvalRun } from '../eval-run.ts';
import type { ExpectedOutcome } from '../golden-set.ts';
import type { Verdict } from '../judge-case.ts';
import { verdicts } from '../judge-case.ts';

/*
 * A paired run side by side: each case's verdict in both arms and whether the semantic model
 * gained it (now right), lost it (no longer right) or made it confidently wrong; and for each arm
 * the count of every verdict, with the difference (on minus off).
 */

export type PairChange = 'same' | 'gained' | 'lost' | 'newly-wrong' | 'changed';

export interface CasePair {
  id: string;
  question: string;
  expect: ExpectedOutcome;
  off: Verdict;
  on: Verdict;
  change: PairChange;
  /** Why each arm is not right, with the first line the user was told (empty when right). */
  offDetail: string;
  onDetail: string;
}

export type VerdictCounts = Record<Verdict, number>;

export interface ArmComparison {
  cases: CasePair[];
  off: VerdictCounts;
  on: VerdictCounts;
  /** On minus off, per verdict. */
  difference: VerdictCounts;
  /** Cases asked in one arm only (a run stopped early); they are left out of the counts. */
  unpaired: string[];
}

function changeOf(off: Verdict, on: Verdict): PairChange {
  if (off === on) return 'same';
  if (on === 'confident-wrong') return 'newly-wrong';
  if (on === 'right') return 'gained';
  if (off === 'right') return 'lost';
  return 'changed';
}

function whyNotRight(result: CaseResult): string {
  if (result.verdict === 'right') return '';
  return result.said === '' ? result.detail : `${result.detail}, said "${result.said}"`;
}

const zero = (): VerdictCounts =>
  Object.fromEntries(verdicts.map((verdict) => [verdict, 0])) as VerdictCounts;

export function compareArms(off: EvalRun, on: EvalRun): ArmComparison {
  const onById = new Map<string, CaseResult>(on.cases.map((result) => [result.id, result]));
  const offIds = new Set(off.cases.map((result) => result.id));
  const cases: CasePair[] = [];
  const counts = { off: zero(), on: zero() };
  for (const before of off.cases) {
    const after = onById.get(before.id);
    if (after === undefined) continue;
    counts.off[before.verdict] += 1;
    counts.on[after.verdict] += 1;
    cases.push({
      id: before.id,
      question: before.question,
      expect: before.expect,
      off: before.verdict,
      on: after.verdict,
      change: changeOf(before.verdict, after.verdict),
      offDetail: whyNotRight(before),
      onDetail: whyNotRight(after),
    });
  }
  const difference = zero();
  for (const verdict of verdicts) difference[verdict] = counts.on[verdict] - counts.off[verdict];
  const unpaired = [
    ...off.cases.filter((result) => !onById.has(result.id)).map((result) => result.id),
    ...on.cases.filter((result) => !offIds.has(result.id)).map((result) => result.id),
  ];
  return { cases, off: counts.off, on: counts.on, difference, unpaired };
}
