import type { CaseResult, EvalRun } from '../eval-run.ts';
import type { Verdict } from '../judge-case.ts';
import { verdicts } from '../judge-case.ts';
import type { BaselineComparison } from './baseline.ts';
import type { Summary, Tally } from './summarize.ts';

/** The report a person reads: the totals, accuracy per tag, what went confidently wrong, what regressed. */

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s+/g, ' ').trim();
const code = (text: string) => `\`${cell(text).replaceAll('`', "'")}\``;

function tallyRow(name: string, tally: Tally): string {
  const counts = verdicts.map((verdict) => String(tally.counts[verdict]));
  return `| ${name} | ${tally.cases} | ${counts.join(' | ')} | ${percent(tally.accuracy)} |`;
}

const tallyHeader = [
  `| | cases | ${verdicts.join(' | ')} | accuracy |`,
  `|---|---:|${verdicts.map(() => '---:').join('|')}|---:|`,
];

function usageLines(summary: Summary): string[] {
  const tokens =
    summary.inputTokens === null && summary.outputTokens === null
      ? 'none reported'
      : `${summary.inputTokens ?? 0} in, ${summary.outputTokens ?? 0} out`;
  const cost =
    summary.costUsd === null
      ? 'not priced (give --price-input and --price-output)'
      : `$${summary.costUsd.toFixed(4)}`;
  return [
    `- Model calls: ${summary.steps}; tokens reported by the provider: ${tokens}; cost: ${cost}`,
    `- Latency per case: median ${Math.round(summary.latencyMs.median)} ms, longest ${summary.latencyMs.max} ms`,
  ];
}

function wrongList(cases: readonly CaseResult[]): string[] {
  const wrong = cases.filter((result) => result.verdict === 'confident-wrong');
  if (wrong.length === 0) return ['None.'];
  return wrong.flatMap((result) => [
    `- **${result.id}** — "${cell(result.question)}": ${cell(result.detail)}`,
    ...(result.sql === null ? [] : [`  - its query: ${code(result.sql)}`]),
  ]);
}

function baselineLines(comparison: BaselineComparison | null): string[] {
  if (comparison === null) return ['No baseline to compare with (write one with --update-baseline).'];
  const change = (entry: { id: string; before: Verdict; after: Verdict }) =>
    `- ${entry.id}: ${entry.before} → ${entry.after}`;
  return [
    `Against \`${comparison.file}\`:`,
    '',
    comparison.regressions.length === 0
      ? '- No regressions.'
      : `- **${comparison.regressions.length} regressions:**`,
    ...comparison.regressions.map(change),
    ...(comparison.improvements.length > 0 ? [`- ${comparison.improvements.length} improvements:`] : []),
    ...comparison.improvements.map(change),
    ...(comparison.added.length > 0 ? [`- Not in the baseline: ${comparison.added.join(', ')}`] : []),
  ];
}

const tokens = (result: CaseResult) =>
  result.inputTokens === null && result.outputTokens === null
    ? ''
    : `${result.inputTokens ?? 0} / ${result.outputTokens ?? 0}`;

function caseRow(result: CaseResult): string {
  const detail = result.verdict === 'right' ? '' : cell(result.detail);
  const cost = result.costUsd === null ? '' : `$${result.costUsd.toFixed(4)}`;
  return `| ${result.id} | ${cell(result.question)} | ${result.expect} | **${result.verdict}** | ${detail} | ${result.steps} | ${tokens(result)} | ${cost} | ${result.latencyMs} |`;
}

export function markdownReport(
  run: EvalRun,
  summary: Summary,
  comparison: BaselineComparison | null,
): string {
  const { total } = summary;
  return [
    `# ${run.set} — ${run.mode}`,
    '',
    `Model \`${run.model}\` on ${run.database.name} (${run.database.engine}), ${run.startedAt}, ${Math.round(run.durationMs / 1000)} s. Written by \`npm run eval\`; see docs/EVAL.md.`,
    '',
    `**${total.counts.right} of ${total.cases} right (${percent(total.accuracy)})**, ${total.counts['confident-wrong']} confidently wrong, ${total.counts.refused} refused, ${total.counts['asked-to-clarify']} asked to clarify, ${total.counts.error} errors.`,
    '',
    ...usageLines(summary),
    '',
    '## By expected outcome',
    '',
    ...tallyHeader,
    tallyRow('all', total),
    ...Object.entries(summary.byExpected).map(([name, tally]) => tallyRow(name, tally)),
    '',
    '## By tag',
    '',
    ...tallyHeader,
    ...Object.entries(summary.byTag).map(([name, tally]) => tallyRow(name, tally)),
    '',
    '## Confidently wrong',
    '',
    ...wrongList(run.cases),
    '',
    '## Against the baseline',
    '',
    ...baselineLines(comparison),
    '',
    '## Every case',
    '',
    '| case | question | expected | verdict | why | steps | tokens in / out | cost | ms |',
    '|---|---|---|---|---|---:|---:|---:|---:|',
    ...run.cases.map(caseRow),
    '',
  ].join('\n');
}
