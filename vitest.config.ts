import { defineConfig } from 'vitest/config';

// One run for every unit and integration suite; each workspace has its own config.
export default defineConfig({
  test: { projects: ['packages/contracts', 'apps/server', 'apps/web', 'eval'] },
});
