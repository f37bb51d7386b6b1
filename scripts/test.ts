// `npm test`: static checks, every Vitest suite, the browser suite; ends with one `N passed, N failed` line.
//
// Three lanes run side by side, since much of each waits on databases, servers and the browser
// rather than computing: the static checks (types, then lint and format), Vitest, and the build
// (the web app and the server bundle) followed by the browser suite, which runs that bundle. Vitest's output streams; the other lanes' output is kept
// and shown whole as each step ends, so nothing interleaves mid-line.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCommand, runCommandCaptured } from './run-command.ts';
import { add, type Counts, playwrightCounts, vitestCounts, zero } from './test-counts.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = `${root}test-results`;
const inCi = process.env.CI === 'true';
const started = Date.now();
let total = zero();
/** The end of each failed step's output, shown again last: CI logs often keep only their tail. */
const failures: { name: string; tail: string }[] = [];

const lastLines = (text: string, count: number) => text.trimEnd().split('\n').slice(-count).join('\n');

const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

function record(name: string, counts: Counts) {
  total = add(total, counts);
  console.log(
    `\n== ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (at ${elapsed()})\n`,
  );
}

/** Runs a check with its output kept, then shows it whole; one check counts as one test. */
async function check(name: string, command: string, args: string[], cwd = root) {
  const { code, output } = await runCommandCaptured(command, args, { cwd });
  process.stdout.write(output);
  record(name, code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });
  if (code !== 0) failures.push({ name, tail: lastLines(output, 40) });
  return code === 0;
}

async function staticChecks() {
  await check('typecheck', 'npm', ['run', 'typecheck']);
  await check('lint', 'npm', ['run', 'lint']);
}

async function vitest() {
  const file = `${results}/vitest.json`;
  const code = await runCommand(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    { cwd: root },
  );
  const counts = vitestCounts(file);
  record('vitest', counts ?? { passed: 0, failed: 1, skipped: 0 });
  if (code !== 0 && counts?.failed === 0) record('vitest exit', { passed: 0, failed: 1, skipped: 0 });
}

async function browser() {
  const built = await check('build', 'npm', ['run', 'build']);
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.log(`Chromium not found at ${chromium}: browser tests ${inCi ? 'FAIL under CI' : 'skipped'}.`);
    console.log('Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.');
    record('browser', inCi ? { passed: 0, failed: 1, skipped: 0 } : { passed: 0, failed: 0, skipped: 1 });
    return;
  }
  if (!built) {
    record('browser', { passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const file = `${results}/playwright.json`;
  const { code, output } = await runCommandCaptured('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: `${root}e2e`,
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: chromium },
  });
  process.stdout.write(output);
  const counts = playwrightCounts(file);
  record('browser', counts ?? { passed: 0, failed: 1, skipped: 0 });
  if (code !== 0) failures.push({ name: 'browser', tail: lastLines(output, 60) });
  if (code !== 0 && counts?.failed === 0) record('browser exit', { passed: 0, failed: 1, skipped: 0 });
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

await Promise.all([staticChecks(), vitest(), browser()]);

for (const { name, tail } of failures) console.log(`\n== ${name} failed; the end of its output:\n${tail}`);
console.log(`\nnpm test took ${elapsed()}.`);
const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
process.exitCode = total.failed > 0 ? 1 : 0;
