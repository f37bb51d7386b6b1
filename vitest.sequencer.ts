import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/**
 * Files that take longest, in order: they start first. Vitest orders a run by the durations it
 * kept from the last run and, on a fresh clone (CI has none), by file size; these are slow for
 * their size (the authorization matrix is a suite in a helper, the eval runs whole golden sets),
 * and started last they stretch the run while the other workers wait.
 */
const slowFiles = [
  'eval/test/self-test.test.ts',
  'eval/test/offline.test.ts',
  'eval/test/replay.test.ts',
  'apps/server/test/modules/access/authorization-matrix-postgres.test.ts',
  'apps/server/test/modules/access/authorization-matrix-sqlite.test.ts',
  'apps/server/test/modules/uploads/uploads.test.ts',
  'apps/server/test/modules/queries/saved-queries-api.test.ts',
];

function slowRank(file: TestSpecification): number {
  const rank = slowFiles.findIndex((slow) => file.moduleId.endsWith(slow));
  return rank < 0 ? slowFiles.length : rank;
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // A stable sort: files not listed keep Vitest's own order after the listed ones.
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => slowRank(a.file) - slowRank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}
