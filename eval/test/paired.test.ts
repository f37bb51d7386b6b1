import { describe, expect, it } from 'vitest';
import { parseCliOptions } from '../src/cli-options.ts';
import type { GoldenSet } from '../src/golden-set.ts';
import { verdicts } from '../src/judge-case.ts';
import { oracleMode } from '../src/modes/simple-modes.ts';
import { compareArms } from '../src/paired/compare-arms.ts';
import { pairedMarkdown } from '../src/paired/paired-report.ts';
import { pairArms, runPaired } from '../src/paired/run-paired.ts';
import { inArm, semanticModelSetting } from '../src/paired/semantic-arms.ts';
import { runEvaluation } from '../src/run-evaluation.ts';
import { heldOut } from './golden-sets.ts';

/*
 * Paired mode on a tiny set (three cases of the HR set: an answer, a refusal, a question to ask
 * back), through the real server: both arms ask every case, each with the semantic-model switch
 * in its server's environment, and the report puts their verdicts side by side. Against a broken
 * oracle's run the comparison counts what the other arm lost.
 */

const hr = heldOut.find((set) => set.name === 'hr');
if (hr === undefined) throw new Error('The HR held-out set is missing');
const picked = ['count-employees', 'average-age', 'best-employees'];
const tiny: GoldenSet = { ...hr, cases: hr.cases.filter((entry) => picked.includes(entry.id)) };

describe('paired mode', () => {
  it('gives each arm its semantic-model setting on top of the mode’s own', () => {
    const setup = oracleMode(false);
    expect(inArm(setup, 'off').env).toEqual({ ...setup.env, [semanticModelSetting]: 'off' });
    expect(inArm(setup, 'on').env).toEqual({ ...setup.env, [semanticModelSetting]: 'on' });
  });

  it('is refused with a mode that plays or writes one recording, and with a baseline to write', () => {
    expect(parseCliOptions(['--paired', '--mode', 'offline']).paired).toBe(true);
    expect(() => parseCliOptions(['--paired', '--mode', 'replay'])).toThrow(
      '--paired cannot be used with --mode replay',
    );
    expect(() => parseCliOptions(['--paired', '--mode', 'record'])).toThrow(
      '--paired cannot be used with --mode record',
    );
    expect(() => parseCliOptions(['--paired', '--mode', 'offline', '--update-baseline'])).toThrow(
      '--paired keeps no baseline',
    );
  });

  it('asks every case in both arms and reports them side by side', async () => {
    const run = await runPaired({ set: tiny, setup: () => Promise.resolve(oracleMode(false)) });
    for (const arm of [run.arms.off, run.arms.on]) {
      expect(arm.cases.map((result) => result.id)).toEqual(picked);
      expect(arm.cases.every((result) => result.verdict === 'right')).toBe(true);
    }
    const { comparison } = run;
    expect(comparison.cases.map((pair) => [pair.id, pair.off, pair.on, pair.change])).toEqual(
      picked.map((id) => [id, 'right', 'right', 'same']),
    );
    expect(comparison.unpaired).toEqual([]);
    for (const verdict of verdicts) {
      const inOff = run.arms.off.cases.filter((result) => result.verdict === verdict).length;
      const inOn = run.arms.on.cases.filter((result) => result.verdict === verdict).length;
      expect([comparison.off[verdict], comparison.on[verdict], comparison.difference[verdict]]).toEqual([
        inOff,
        inOn,
        inOn - inOff,
      ]);
    }
    const report = pairedMarkdown(run);
    expect(report).toContain(`| right | ${picked.length} | ${picked.length} | 0 |`);
    for (const entry of tiny.cases)
      expect(report).toContain(`| ${entry.id} | ${entry.question} | ${entry.expect} | right | right |`);
    // Until the server declares the switch, the report must not pass equal arms off as a finding.
    expect(report.includes('does not read') !== run.settingRead).toBe(true);
  });

  it('counts what one arm lost to the other, case by case', async () => {
    const right = await runEvaluation({ set: tiny, setup: oracleMode(false) });
    const wrong = await runEvaluation({ set: tiny, setup: oracleMode(true) });
    const lost = compareArms(right, wrong);
    expect(lost.cases.map((pair) => pair.change)).toEqual(picked.map(() => 'newly-wrong'));
    expect(lost.difference.right).toBe(-picked.length);
    expect(lost.difference['confident-wrong']).toBe(picked.length);
    const gained = compareArms(wrong, right);
    expect(gained.cases.map((pair) => pair.change)).toEqual(picked.map(() => 'gained'));
    const report = pairedMarkdown(pairArms(right, wrong));
    for (const entry of tiny.cases)
      expect(report).toContain(
        `- **${entry.id}** — "${entry.question}": right → confident-wrong (newly-wrong)`,
      );
    expect(report).toContain(`| confident-wrong | 0 | ${picked.length} | +${picked.length} |`);
  });
});
