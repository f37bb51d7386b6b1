import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
    // Suites share PostgreSQL and Redis; running files one at a time keeps them independent.
    fileParallelism: false,
  },
});
