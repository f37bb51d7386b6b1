import { defineConfig } from 'vitest/config';
import { testWorkers } from '../vitest.workers.ts';

export default defineConfig({
  test: {
    maxWorkers: testWorkers,
    name: 'eval',
    include: ['test/**/*.test.ts'],
    // Each suite runs a server and a whole golden set: a hang guard for a loaded machine, not a speed check.
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
