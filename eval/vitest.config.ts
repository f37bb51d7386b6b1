import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'eval',
    include: ['test/**/*.test.ts'],
    // Each suite runs a server and a whole golden set: a hang guard for a loaded machine, not a speed check.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
