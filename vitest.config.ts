import { defineConfig } from 'vitest/config';
import { aloneFiles, serverTimeouts } from './apps/server/vitest.config.ts';
import { SlowFirstSequencer } from './vitest.sequencer.ts';
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
          // Files share a worker: starting one per file cost more CPU than the suites themselves.
          // Each suite opens and closes what it uses (servers, pools, databases), so none leaks.
          isolate: false,
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
    sequence: { sequencer: SlowFirstSequencer },
  },
});
