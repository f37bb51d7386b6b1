import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Prices } from './eval-run.ts';
import type { EvalMode } from './modes/mode-setup.ts';
import { evalModes } from './modes/mode-setup.ts';

/** `npm run eval -- …`: what to run, on what, and where the results go. */

export const evalDir = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = join(evalDir, '..');

// npm runs scripts in the package's folder; INIT_CWD is where the user typed the command.
const fromUser = (file: string) => resolve(process.env.INIT_CWD ?? process.cwd(), file);

export const usage = `npm run eval -- [options]

  --set <file>          a golden set (repeatable; default: every set in eval/sets)
  --database <spec>     the database to ask instead of the set's: demo-shop, chinook, a SQLite or
                        DuckDB file, or a postgres:// or mysql:// URL
  --mode <mode>         live (default: the model LLM_* configures; the offline analyst when none),
                        offline, oracle, broken-oracle, replay, record
  --recording <file>    replay and record: the recorded wire exchanges (default
                        eval/recordings/<set>.json)
  --local-oracle        record: record the harness's local OpenAI-compatible oracle instead of
                        the configured provider (for machines without a model)
  --paired              ask every case twice, with the server's semantic model off and on
                        (ANALYST_SEMANTIC_MODEL), and report both side by side in
                        <set>-<mode>-paired.md; offline, live, oracle and broken-oracle only
  --scan-auto           run Scan auto once before the cases (offline mode), so the analyst answers
                        from the semantic model it proposes, unattended, as issue #19 measures
  --case <id>           only this case (repeatable)
  --tag <tag>           only cases with this tag (repeatable)
  --out <dir>           where reports go (default eval/reports)
  --baseline <file>     the baseline to flag regressions against (default
                        eval/baselines/<set>-<mode>.json)
  --update-baseline     keep this run as the baseline
  --price-input <usd>   US dollars per million input tokens, to report cost
  --price-output <usd>  US dollars per million output tokens
  --timeout <seconds>   longest wait for one case (default 180)
  --help`;

export interface CliOptions {
  sets: string[];
  database: string | undefined;
  mode: EvalMode;
  recording: string | undefined;
  localOracle: boolean;
  paired: boolean;
  scanAuto: boolean;
  cases: string[];
  tags: string[];
  out: string;
  baseline: string | undefined;
  updateBaseline: boolean;
  prices: Prices | null;
  timeoutMs: number;
  help: boolean;
}

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} must be a number, not "${value}"`);
  return parsed;
}

function isMode(value: string): value is EvalMode {
  return (evalModes as readonly string[]).includes(value);
}

export function parseCliOptions(args: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      set: { type: 'string', multiple: true },
      database: { type: 'string' },
      mode: { type: 'string', default: 'live' },
      recording: { type: 'string' },
      'local-oracle': { type: 'boolean', default: false },
      paired: { type: 'boolean', default: false },
      'scan-auto': { type: 'boolean', default: false },
      case: { type: 'string', multiple: true },
      tag: { type: 'string', multiple: true },
      out: { type: 'string' },
      baseline: { type: 'string' },
      'update-baseline': { type: 'boolean', default: false },
      'price-input': { type: 'string' },
      'price-output': { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const mode = values.mode;
  if (!isMode(mode)) throw new Error(`--mode must be one of ${evalModes.join(', ')}, not "${mode}"`);
  // A recording holds one run's exchanges; the arms of a paired run would each need their own.
  if (values.paired && (mode === 'record' || mode === 'replay'))
    throw new Error(`--paired cannot be used with --mode ${mode}`);
  if (values.paired && values['update-baseline'])
    throw new Error('--paired keeps no baseline: leave out --update-baseline');
  if (values['scan-auto'] && mode !== 'offline') throw new Error('--scan-auto needs --mode offline');
  const priceInput = number('price-input', values['price-input']);
  const priceOutput = number('price-output', values['price-output']);
  const setsDir = join(evalDir, 'sets');
  const sets =
    values.set?.map(fromUser) ??
    readdirSync(setsDir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(setsDir, name));
  return {
    sets,
    database:
      values.database === undefined || /^(demo-shop|chinook)$|:\/\//.test(values.database)
        ? values.database
        : fromUser(values.database),
    mode,
    recording: values.recording === undefined ? undefined : fromUser(values.recording),
    localOracle: values['local-oracle'],
    paired: values.paired,
    scanAuto: values['scan-auto'],
    cases: values.case ?? [],
    tags: values.tag ?? [],
    out: values.out === undefined ? join(evalDir, 'reports') : fromUser(values.out),
    baseline: values.baseline === undefined ? undefined : fromUser(values.baseline),
    updateBaseline: values['update-baseline'],
    prices:
      priceInput === undefined && priceOutput === undefined
        ? null
        : { input: priceInput ?? 0, output: priceOutput ?? 0 },
    timeoutMs: (number('timeout', values.timeout) ?? 180) * 1000,
    help: values.help,
  };
}
