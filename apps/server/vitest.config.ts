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

/** Hang guards for a loaded machine, not speed checks (benchmarks do those). */
export const serverTimeouts = { testTimeout: 20000, hookTimeout: 30000 };

export default defineConfig({
  test: { name: 'server', include: ['test/**/*.test.ts'], ...serverTimeouts },
});
