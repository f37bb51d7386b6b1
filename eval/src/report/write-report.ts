import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EvalRun } from '../eval-run.ts';
import type { BaselineComparison } from './baseline.ts';
import { markdownReport } from './markdown-report.ts';
import { summarize } from './summarize.ts';

/** Writes `<set>-<mode>.md` and `.json` into `dir`; returns their paths. */
export function writeReport(
  dir: string,
  run: EvalRun,
  comparison: BaselineComparison | null,
): { markdown: string; json: string } {
  mkdirSync(dir, { recursive: true });
  const summary = summarize(run.cases);
  const stem = join(dir, `${run.set}-${run.mode}`);
  const markdown = `${stem}.md`;
  const json = `${stem}.json`;
  writeFileSync(markdown, markdownReport(run, summary, comparison));
  writeFileSync(json, `${JSON.stringify({ ...run, summary, baseline: comparison }, null, 2)}\n`);
  return { markdown, json };
}
