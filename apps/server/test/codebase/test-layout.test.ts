import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aloneFiles } from '../../vitest.config.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');
const testDir = path.join(serverDir, 'test');

/** Folders of suites with no source folder of their own: the app as a whole, and the repository. */
const ownFolders = new Set(['app', 'codebase']);

function suiteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return suiteFiles(full);
    return entry.endsWith('.test.ts') ? [path.relative(testDir, full)] : [];
  });
}

describe('the server’s tests are organised like its code', () => {
  it('puts every suite in the test folder of the source folder it tests', () => {
    const misplaced = suiteFiles(testDir).filter((file) => {
      const folder = path.dirname(file);
      if (folder === '.') return true;
      if (ownFolders.has(folder.split(path.sep)[0] ?? '')) return false;
      return !existsSync(path.join(serverDir, 'src', folder));
    });
    expect(misplaced, 'move each into test/<its source folder>/, or test/app/ or test/codebase/').toEqual([]);
  });

  it('names only suites that exist in the group that runs alone', () => {
    expect(aloneFiles.filter((file) => !existsSync(path.join(serverDir, file)))).toEqual([]);
    expect(aloneFiles.length).toBeGreaterThan(0);
  });
});
