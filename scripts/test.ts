// `npm test`: static checks, every Vitest suite, the browser suite; ends with one `N passed, N failed` line.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCommand, runCommandCaptured } from './run-command.ts';
import { add, type Counts, playwrightCounts, vitestCounts, zero } from './test-counts.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = `${root}test-results`;
const inCi = process.env.CI === 'true';
let total = zero();

function record(name: string, counts: Counts) {
  total = add(total, counts);
  console.log(`\n== ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
}

/** Runs a check with its output kept, then shows it whole, so checks run side by side stay readable. */
async function check(name: string, command: string, args: string[]) {
  const { code, output } = await runCommandCaptured(command, args, { cwd: root });
  process.stdout.write(output);
  record(name, code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });
  return code === 0;
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// Independent of each other, so they share the machine's cores instead of waiting in turn.
const [, , built] = await Promise.all([
  check('typecheck', 'npm', ['run', 'typecheck']),
  check('lint', 'npm', ['run', 'lint']),
  check('web build', 'npm', ['run', 'build']),
]);

const vitestFile = `${results}/vitest.json`;
const vitestCode = await runCommand(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`],
  { cwd: root },
);
const vitest = vitestCounts(vitestFile);
record('vitest', vitest ?? { passed: 0, failed: 1, skipped: 0 });
if (vitestCode !== 0 && vitest?.failed === 0) record('vitest exit', { passed: 0, failed: 1, skipped: 0 });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`Chromium not found at ${chromium}: browser tests ${inCi ? 'FAIL under CI' : 'skipped'}.`);
  console.log('Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.');
  record('browser', inCi ? { passed: 0, failed: 1, skipped: 0 } : { passed: 0, failed: 0, skipped: 1 });
} else if (!built) {
  record('browser', { passed: 0, failed: 1, skipped: 0 });
} else {
  const playwrightFile = `${results}/playwright.json`;
  const code = await runCommand('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: `${root}e2e`,
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile, CHROMIUM_PATH: chromium },
  });
  const browser = playwrightCounts(playwrightFile);
  record('browser', browser ?? { passed: 0, failed: 1, skipped: 0 });
  if (code !== 0 && browser?.failed === 0) record('browser exit', { passed: 0, failed: 1, skipped: 0 });
}

const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
process.exitCode = total.failed > 0 ? 1 : 0;
