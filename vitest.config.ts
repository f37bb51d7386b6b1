import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { aloneFiles, serverTimeouts } from './apps/server/vitest.config.ts';

// One run for every unit and integration suite. Most suites wait on databases, sockets and child
// processes rather than compute, so a worker more than the machine has cores keeps them busy
// (VITEST_MAX_WORKERS overrides it).
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
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism() + 1),
  },
});
