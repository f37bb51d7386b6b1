import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'eval',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Each suite runs a server and a whole golden set; one at a time keeps the machine's two cores for them.
    fileParallelism: false,
  },
});
