import { defineConfig } from 'vitest/config';

/**
 * Files that start real server processes and wait on real clocks (leases, kills, time limits):
 * the root config runs them one at a time, after the parallel files, so a busy machine does not
 * stretch their waits. Every other file runs in parallel: each suite has its own store database,
 * its own Redis key prefix (per process) and listens on port 0, so suites never see each other.
 */
export const aloneFiles = [
  'test/modules/conversations/crash-recovery.test.ts',
  'test/modules/conversations/crash-recovery-mysql.test.ts',
  'test/app/main-process.test.ts',
  'test/http/log-format.test.ts',
];

/**
 * Hang guards, not speed checks (benchmarks do those): npm test runs these files in parallel beside
 * the browser suite and the static checks, so a 2-core machine is busy several times over.
 */
export const serverTimeouts = { testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  test: { name: 'server', include: ['test/**/*.test.ts'], ...serverTimeouts },
});
