import { defineConfig } from 'vitest/config';
import { aloneFiles, serverTimeouts } from './apps/server/vitest.config.ts';
import { testWorkers } from './vitest.workers.ts';

// One run for every unit and integration suite, files in parallel (vitest.workers.ts).
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/web',
      'eval',
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          exclude: aloneFiles,
          maxWorkers: testWorkers,
          ...serverTimeouts,
        },
      },
      {
        test: {
          name: 'server-alone',
          root: 'apps/server',
          include: aloneFiles,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          ...serverTimeouts,
        },
      },
    ],
    maxWorkers: testWorkers,
  },
});
