import { existsSync, readFileSync } from 'node:fs';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export const zero = (): Counts => ({ passed: 0, failed: 0, skipped: 0 });

export function add(total: Counts, more: Counts): Counts {
  return {
    passed: total.passed + more.passed,
    failed: total.failed + more.failed,
    skipped: total.skipped + more.skipped,
  };
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { status: string; assertionResults: unknown[] }[];
}

/** Counts from Vitest's JSON reporter; a file that failed before running any test counts as one failure. */
export function vitestCounts(file: string): Counts | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  const brokenFiles = report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  );
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles.length,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
}

/** Counts from Playwright's JSON reporter; errors outside tests (e.g. the web server failing) count as failures. */
export function playwrightCounts(file: string): Counts | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport;
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected + flaky, failed: unexpected + (report.errors?.length ?? 0), skipped };
}
