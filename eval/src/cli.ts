import { join, relative } from 'node:path';
import type { CliOptions } from './cli-options.ts';
import { evalDir, parseCliOptions, repoRoot, usage } from './cli-options.ts';
import type { EvalRun } from './eval-run.ts';
import { loadGoldenSet } from './golden-set.ts';
import { chooseMode } from './modes/choose-mode.ts';
import { armLine, writePairedReport } from './paired/paired-report.ts';
import { runPaired } from './paired/run-paired.ts';
import { compareWithBaseline, readBaseline, writeBaseline } from './report/baseline.ts';
import { summarize } from './report/summarize.ts';
import { writeReport } from './report/write-report.ts';
import { runEvaluation } from './run-evaluation.ts';

/*
 * `npm run eval`: runs each golden set through the real server with the chosen model, writes a
 * Markdown and a JSON report, and compares with the baseline. The exit code is 1 when a case
 * regressed against the baseline (or the run itself failed), so CI can gate on it.
 */

const show = (file: string) => relative(process.env.INIT_CWD ?? repoRoot, file) || file;

const mark = (verdict: string) =>
  verdict === 'right' ? 'ok ' : verdict === 'confident-wrong' ? 'XX ' : '-- ';

function casesChosen(options: CliOptions) {
  return (entry: { id: string; tags: string[] }) =>
    (options.cases.length === 0 || options.cases.includes(entry.id)) &&
    (options.tags.length === 0 || entry.tags.some((tag) => options.tags.includes(tag)));
}

/** --paired: both arms, side by side; no baseline is read or written. */
async function evaluatePaired(file: string, options: CliOptions): Promise<boolean> {
  const set = loadGoldenSet(file);
  const only = casesChosen(options);
  console.log(`\n${set.name}: ${set.cases.filter(only).length} cases, mode ${options.mode}, paired`);
  const run = await runPaired({
    set,
    setup: () =>
      chooseMode(options.mode, set, { recording: options.recording, localOracle: options.localOracle }),
    ...(options.database === undefined ? {} : { database: options.database }),
    only,
    prices: options.prices,
    caseTimeoutMs: options.timeoutMs,
    scanAuto: options.scanAuto,
    onCase: (arm, result, index, total) => {
      console.log(
        `${mark(result.verdict)}${arm.padEnd(4)}${String(index + 1).padStart(3)}/${total} ${result.id}: ${result.verdict}${result.detail ? ` (${result.detail})` : ''}`,
      );
    },
  });
  const written = writePairedReport(options.out, run);
  const { comparison } = run;
  console.log(`${set.name} (${run.mode}, ${run.model}), paired:`);
  console.log(`  ${armLine('semantic model off', comparison.off)}`);
  console.log(`  ${armLine('semantic model on ', comparison.on)}`);
  if (!run.settingRead)
    console.log('  The server does not read ANALYST_SEMANTIC_MODEL yet: both arms ran the same analyst.');
  console.log(`Report: ${show(written.markdown)} and .json`);
  return true;
}

async function evaluate(file: string, options: CliOptions): Promise<boolean> {
  if (options.paired) return evaluatePaired(file, options);
  const set = loadGoldenSet(file);
  const setup = await chooseMode(options.mode, set, {
    recording: options.recording,
    localOracle: options.localOracle,
  });
  const only = casesChosen(options);
  console.log(`\n${set.name}: ${set.cases.filter(only).length} cases, mode ${options.mode}`);
  const run: EvalRun = await runEvaluation({
    set,
    setup,
    ...(options.database === undefined ? {} : { database: options.database }),
    only,
    prices: options.prices,
    caseTimeoutMs: options.timeoutMs,
    scanAuto: options.scanAuto,
    onCase: (result, index, total) => {
      console.log(
        `${mark(result.verdict)}${String(index + 1).padStart(3)}/${total} ${result.id}: ${result.verdict}${result.detail ? ` (${result.detail})` : ''}`,
      );
    },
  });
  // A set asked of another database than its own is compared with that database's baseline.
  const other =
    options.database === undefined ? '' : `-${run.database.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  // A run after Scan auto answers from another model than one without: its own baseline.
  const scanned = options.scanAuto ? '-scan-auto' : '';
  const baselineFile =
    options.baseline ?? join(evalDir, 'baselines', `${run.set}-${run.mode}${scanned}${other}.json`);
  const baseline = readBaseline(baselineFile);
  const comparison = baseline === null ? null : compareWithBaseline(run, baseline, show(baselineFile));
  const written = writeReport(options.out, run, comparison);
  if (options.updateBaseline) writeBaseline(baselineFile, run);
  const { total } = summarize(run.cases);
  console.log(
    `${set.name} (${run.mode}, ${run.model}): ${total.counts.right}/${total.cases} right, ` +
      `${total.counts['confident-wrong']} confident-wrong, ${total.counts.refused} refused, ` +
      `${total.counts['asked-to-clarify']} asked to clarify, ${total.counts.error} errors`,
  );
  console.log(`Report: ${show(written.markdown)} and .json`);
  if (options.updateBaseline) console.log(`Baseline written: ${show(baselineFile)}`);
  const regressions = comparison?.regressions ?? [];
  if (regressions.length > 0) {
    console.log(`Regressions against ${show(baselineFile)}:`);
    for (const change of regressions) console.log(`  ${change.id}: ${change.before} → ${change.after}`);
  }
  return options.updateBaseline || regressions.length === 0;
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(usage);
    return;
  }
  let ok = true;
  for (const file of options.sets) {
    try {
      ok = (await evaluate(file, options)) && ok;
    } catch (error) {
      console.error(`\n${show(file)}: ${error instanceof Error ? error.message : String(error)}`);
      ok = false;
    }
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
