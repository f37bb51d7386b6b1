import { describe, expect, it } from 'vitest';
import { oracleMode } from '../src/modes/simple-modes.ts';
import { runEvaluation } from '../src/run-evaluation.ts';
import { checkSets, chinook, demoShop, described, heldOut } from './golden-sets.ts';

/*
 * The harness tells right from wrong: the oracle (the reference SQL, a refusal or a question
 * where the case expects one) is right on every case of both sets, through the real server,
 * socket and loop; the broken oracle (a plausible wrong query for every case) is confidently
 * wrong on every one. The held-out and check sets get the oracle only, which proves their
 * reference SQL runs and is judged right on their databases (built from SQL on first use), at a few
 * seconds each.
 */

describe.each([demoShop, chinook])('the harness on $name', (set) => {
  it('finds the oracle right on every case', async () => {
    const run = await runEvaluation({ set, setup: oracleMode(false) });
    expect(run.cases).toHaveLength(set.cases.length);
    expect(run.cases.filter((result) => result.verdict !== 'right').map(described)).toEqual([]);
  });

  it('finds the broken oracle confidently wrong on every case', async () => {
    const run = await runEvaluation({ set, setup: oracleMode(true) });
    expect(run.cases.filter((result) => result.verdict !== 'confident-wrong').map(described)).toEqual([]);
    // Each case was judged on a query that ran: not an error, and not a refusal.
    expect(run.cases.every((result) => result.sql !== null)).toBe(true);
  });
});

const referenceOnly = [
  ...heldOut.map((set) => ({ kind: 'held-out', name: set.name, set })),
  ...checkSets.map((set) => ({ kind: 'check', name: set.name, set })),
];

describe.each(referenceOnly)('the $kind set $name', ({ set }) => {
  it('has a database the oracle answers every case of rightly', async () => {
    const run = await runEvaluation({ set, setup: oracleMode(false) });
    expect(run.cases).toHaveLength(set.cases.length);
    expect(run.cases.filter((result) => result.verdict !== 'right').map(described)).toEqual([]);
  });
});
