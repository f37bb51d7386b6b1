import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers: testWorkers,
    name: 'web',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // One jsdom per worker instead of one per file (a quarter of the CPU): setup.ts empties the
    // stores and unmounts what a test rendered after each test, so files still start clean.
    isolate: false,
    // jsdom is slow on a loaded 2-core machine; this is a hang guard, not a speed check (benchmarks do that).
    testTimeout: 20_000,
  },
});
