import { describe, expect, it } from 'vitest';
import { parseCliOptions } from '../src/cli-options.ts';
import type { GoldenSet } from '../src/golden-set.ts';
import { offlineMode } from '../src/modes/simple-modes.ts';
import { runEvaluation } from '../src/run-evaluation.ts';
import { heldOut } from './golden-sets.ts';

/*
 * --scan-auto: before the cases the database is scanned as the Scan auto button does it, through
 * the real server and the offline analyst, and the run says which semantic model that left for
 * the analyst to answer from (Scan auto's pending proposal, nobody's edits).
 */

const hr = heldOut.find((set) => set.name === 'hr');
if (hr === undefined) throw new Error('The HR held-out set is missing');
const one: GoldenSet = { ...hr, cases: hr.cases.filter((entry) => entry.id === 'count-employees') };

describe('Scan auto before the cases', () => {
  it('leaves a pending proposal the run reports', async () => {
    const run = await runEvaluation({ set: one, setup: offlineMode(), scanAuto: true });
    expect(run.scanned?.source).toBe('scan');
    expect(run.scanned?.datasets).toBeGreaterThan(0);
    expect(run.cases).toHaveLength(1);
  });

  it('is only for the offline analyst, which runs the scan without a model', () => {
    expect(parseCliOptions(['--scan-auto', '--mode', 'offline']).scanAuto).toBe(true);
    expect(() => parseCliOptions(['--scan-auto', '--mode', 'oracle'])).toThrow(
      '--scan-auto needs --mode offline',
    );
  });
});
