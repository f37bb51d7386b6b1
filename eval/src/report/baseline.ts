import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { EvalRun } from '../eval-run.ts';
import type { Verdict } from '../judge-case.ts';

/*
 * A baseline is the verdict of every case in a run someone chose to keep. A regression is a case
 * that was right and is not, or one that is now confidently wrong and was not; an improvement is
 * a case that is right and was not.
 */

export interface Baseline {
  set: string;
  mode: string;
  model: string;
  verdicts: Record<string, Verdict>;
}

export interface Change {
  id: string;
  before: Verdict;
  after: Verdict;
}

export interface BaselineComparison {
  file: string;
  regressions: Change[];
  improvements: Change[];
  /** Cases the baseline does not know. */
  added: string[];
}

export function baselineOf(run: EvalRun): Baseline {
  return {
    set: run.set,
    mode: run.mode,
    model: run.model,
    verdicts: Object.fromEntries(run.cases.map((result) => [result.id, result.verdict])),
  };
}

export function readBaseline(file: string): Baseline | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as Baseline;
}

export function writeBaseline(file: string, run: EvalRun): void {
  writeFileSync(file, `${JSON.stringify(baselineOf(run), null, 2)}\n`);
}

export function compareWithBaseline(run: EvalRun, baseline: Baseline, file: string): BaselineComparison {
  const regressions: Change[] = [];
  const improvements: Change[] = [];
  const added: string[] = [];
  for (const result of run.cases) {
    const before = baseline.verdicts[result.id];
    if (before === undefined) {
      added.push(result.id);
      continue;
    }
    const change = { id: result.id, before, after: result.verdict };
    const lostRight = before === 'right' && result.verdict !== 'right';
    const newlyWrong = result.verdict === 'confident-wrong' && before !== 'confident-wrong';
    if (lostRight || newlyWrong) regressions.push(change);
    else if (result.verdict === 'right' && before !== 'right') improvements.push(change);
  }
  return { file, regressions, improvements, added };
}
