import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Verdict } from '../judge-case.ts';
import { verdicts } from '../judge-case.ts';
import type { CasePair, VerdictCounts } from './compare-arms.ts';
import type { PairedRun } from './run-paired.ts';
import { semanticModelSetting } from './semantic-arms.ts';

/** The report of a paired run: both arms' totals side by side with the difference, then every case. */

const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s+/g, ' ').trim();
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
const casesIn = (counts: VerdictCounts) => verdicts.reduce((sum, verdict) => sum + counts[verdict], 0);
const percent = (part: number, whole: number) =>
  whole === 0 ? '–' : `${((part / whole) * 100).toFixed(1)}%`;

/** One line per arm, for the console and the report's opening. */
export function armLine(name: string, counts: VerdictCounts): string {
  const total = casesIn(counts);
  return (
    `${name}: ${counts.right}/${total} right, ${counts.refused} refused, ` +
    `${counts['asked-to-clarify']} asked to clarify, ${counts['confident-wrong']} confident-wrong, ` +
    `${counts.error} errors`
  );
}

function totalsTable(run: PairedRun): string[] {
  const { off, on, difference } = run.comparison;
  const row = (verdict: Verdict) =>
    `| ${verdict} | ${off[verdict]} | ${on[verdict]} | ${signed(difference[verdict])} |`;
  const cases = casesIn(off);
  const points = cases === 0 ? 0 : ((on.right - off.right) / cases) * 100;
  return [
    '| verdict | semantic model off | semantic model on | difference |',
    '|---|---:|---:|---:|',
    ...verdicts.map(row),
    `| accuracy | ${percent(off.right, cases)} | ${percent(on.right, cases)} | ${signed(Number(points.toFixed(1)))} points |`,
  ];
}

function caseRow(pair: CasePair): string {
  const why = [pair.offDetail && `off: ${pair.offDetail}`, pair.onDetail && `on: ${pair.onDetail}`]
    .filter(Boolean)
    .join('; ');
  const change = pair.change === 'same' ? '' : `**${pair.change}**`;
  return `| ${pair.id} | ${cell(pair.question)} | ${pair.expect} | ${pair.off} | ${pair.on} | ${change} | ${cell(why)} |`;
}

export function pairedMarkdown(run: PairedRun): string {
  const { comparison } = run;
  const changed = comparison.cases.filter((pair) => pair.change !== 'same');
  return [
    `# ${run.set} — ${run.mode}, paired`,
    '',
    `Model \`${run.model}\` on ${run.database.name} (${run.database.engine}), ${run.startedAt}, ${Math.round(run.durationMs / 1000)} s. ` +
      `Every case asked twice through a fresh server: with \`${semanticModelSetting}=off\` (the raw schema) and with \`${semanticModelSetting}=on\` (the semantic model). Written by \`npm run eval -- --paired\`; see docs/EVAL.md.`,
    '',
    ...(run.settingRead
      ? []
      : [
          `**The server does not read \`${semanticModelSetting}\` yet: both arms ran the same analyst, and any difference is noise between two runs.**`,
          '',
        ]),
    `- ${armLine('Semantic model off', comparison.off)}`,
    `- ${armLine('Semantic model on', comparison.on)}`,
    ...(comparison.unpaired.length > 0
      ? [`- Asked in one arm only (left out): ${comparison.unpaired.join(', ')}`]
      : []),
    '',
    '## Side by side',
    '',
    ...totalsTable(run),
    '',
    '## Cases that changed',
    '',
    ...(changed.length === 0
      ? ['None: every case has the same verdict in both arms.']
      : changed.map(
          (pair) => `- **${pair.id}** — "${cell(pair.question)}": ${pair.off} → ${pair.on} (${pair.change})`,
        )),
    '',
    '## Every case',
    '',
    '| case | question | expected | off | on | change | why not right |',
    '|---|---|---|---|---|---|---|',
    ...comparison.cases.map(caseRow),
    '',
  ].join('\n');
}

/** Writes `<set>-<mode>-paired.md` and `.json` into `dir`; returns their paths. */
export function writePairedReport(dir: string, run: PairedRun): { markdown: string; json: string } {
  mkdirSync(dir, { recursive: true });
  const stem = join(dir, `${run.set}-${run.mode}-paired`);
  const markdown = `${stem}.md`;
  const json = `${stem}.json`;
  writeFileSync(markdown, pairedMarkdown(run));
  writeFileSync(json, `${JSON.stringify(run, null, 2)}\n`);
  return { markdown, json };
}
