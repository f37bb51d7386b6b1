import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalDir } from '../src/cli-options.ts';
import { offlineMode } from '../src/modes/simple-modes.ts';
import { compareWithBaseline, readBaseline } from '../src/report/baseline.ts';
import { summarize } from '../src/report/summarize.ts';
import { runEvaluation } from '../src/run-evaluation.ts';
import { chinook, demoShop, described } from './golden-sets.ts';

/*
 * The built-in offline analyst on both golden sets, through the real server, socket and loop: it
 * is never confidently wrong (it declines or asks instead), it answers most of the Demo shop
 * right, and no case it answered right in the committed baseline has stopped being right.
 */

describe.each([
  { set: demoShop, rightAtLeast: 0.75 },
  { set: chinook, rightAtLeast: 0.6 },
])('the offline analyst on $set.name', ({ set, rightAtLeast }) => {
  it('is never confidently wrong, is mostly right, and has not regressed', async () => {
    const run = await runEvaluation({ set, setup: offlineMode() });
    const wrong = run.cases.filter(
      (result) => result.verdict === 'confident-wrong' || result.verdict === 'error',
    );
    expect(wrong.map(described)).toEqual([]);
    const { total } = summarize(run.cases);
    expect(total.accuracy, `${total.counts.right} of ${total.cases} right`).toBeGreaterThanOrEqual(
      rightAtLeast,
    );
    const file = join(evalDir, 'baselines', `${set.name}-offline.json`);
    const baseline = readBaseline(file);
    expect(baseline, file).not.toBeNull();
    if (!baseline) return;
    const comparison = compareWithBaseline(run, baseline, file);
    expect(comparison.regressions).toEqual([]);
    // A case added to the set and not yet in the baseline means the baseline should be written again.
    expect(comparison.added).toEqual([]);
  });
});
