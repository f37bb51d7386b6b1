import { defineConfig } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';

export default defineConfig({
  test: { name: 'contracts', include: ['test/**/*.test.ts'], maxWorkers: testWorkers },
});
