import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The documentation a newcomer reads: every relative link and anchor in it leads somewhere, the
 * README stays short enough to read in the first minutes, and the architecture's table rows stay
 * short enough to read at a glance.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const readmeBudgetBytes = 8 * 1024;
const firstScreenLines = 40;
const architectureRowLimit = 300;
// Folders whose README.md files sit next to the code; installed or built folders are skipped.
const codeFolders = ['apps', 'packages', 'bench', 'eval', 'e2e', 'scripts'];
const skippedFolders = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);

function listReadmes(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : listReadmes(full);
    return entry.name === 'README.md' ? [full] : [];
  });
}

function listDocs(): string[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(root, 'docs', name));
  return [
    path.join(root, 'README.md'),
    ...docs,
    ...codeFolders.flatMap((f) => listReadmes(path.join(root, f))),
  ];
}

/** The text outside fenced code blocks, line by line (code is not read for links or headings). */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (line.trimStart().startsWith('```')) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a page offers, numbered as GitHub numbers repeated headings. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** Relative links (and anchors) of `text`, found outside code, that lead nowhere, as `file: target`. */
function findBrokenLinks(file: string, text: string, readPage: (target: string) => string | null): string[] {
  const name = path.relative(root, file);
  const targets = proseLines(text).flatMap((line) =>
    [...line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? ''),
  );
  return targets.flatMap((target) => {
    if (/^[a-z][a-z+.-]*:/i.test(target)) return [];
    const [pathPart = '', anchor] = target.split('#');
    const destination = pathPart === '' ? file : path.resolve(path.dirname(file), pathPart);
    const page = pathPart === '' ? text : readPage(destination);
    if (page === null) return [`${name}: ${target} (no such file or folder)`];
    if (anchor === undefined || !destination.endsWith('.md')) return [];
    return anchorsOf(page).has(anchor) ? [] : [`${name}: ${target} (no such heading)`];
  });
}

function readFromDisk(target: string): string | null {
  if (!existsSync(target)) return null;
  return target.endsWith('.md') ? readFileSync(target, 'utf8') : '';
}

describe('documentation links', () => {
  it('reports a missing file, a missing heading and a missing anchor on the same page', () => {
    const file = path.join(root, 'docs', 'EXAMPLE.md');
    const text = [
      '# Example',
      '## Two words',
      'See [ok](#two-words), [gone](#three-words), [file](NOPE.md), [heading](TESTING.md#nope).',
      '[web](https://example.com) and `[code](NOPE.md)` are not checked.',
      '```',
      '[in a fence](NOPE.md)',
      '```',
    ].join('\n');
    expect(findBrokenLinks(file, text, readFromDisk)).toEqual([
      'docs/EXAMPLE.md: #three-words (no such heading)',
      'docs/EXAMPLE.md: NOPE.md (no such file or folder)',
      'docs/EXAMPLE.md: TESTING.md#nope (no such heading)',
    ]);
  });

  it('numbers repeated headings and drops punctuation as GitHub does', () => {
    expect([
      ...anchorsOf("# A\n## How SQL reaches a user's database\n## `offline/`: the analyst\n# A"),
    ]).toEqual(['a', 'how-sql-reaches-a-users-database', 'offline-the-analyst', 'a-1']);
  });

  it('finds every relative link of README.md, docs/ and the code folders’ READMEs leading somewhere', () => {
    const docs = listDocs();
    expect(docs.length).toBeGreaterThan(10);
    const broken = docs.flatMap((file) => findBrokenLinks(file, readFileSync(file, 'utf8'), readFromDisk));
    expect(broken).toEqual([]);
  });
});

describe('the README', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

  it(`stays within ${readmeBudgetBytes} bytes; the rest belongs in docs/`, () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(readmeBudgetBytes);
  });

  it(`shows the two commands and how to choose a model in its first ${firstScreenLines} lines`, () => {
    const firstScreen = readme.split('\n').slice(0, firstScreenLines).join('\n');
    for (const needed of [
      'npm ci && npm start',
      'npm test',
      'OPENAI_API_KEY',
      'ANTHROPIC_API_KEY',
      'LLM_BASE_URL',
    ]) {
      expect(firstScreen).toContain(needed);
    }
    expect(firstScreen).toMatch(/offline analyst/);
  });
});

describe('docs/ARCHITECTURE.md', () => {
  it(`keeps every table row under ${architectureRowLimit} characters (details go in the folder's README.md)`, () => {
    const text = readFileSync(path.join(root, 'docs', 'ARCHITECTURE.md'), 'utf8');
    const long = proseLines(text).filter(
      (line) => line.startsWith('|') && line.length > architectureRowLimit,
    );
    expect(long.map((line) => `${line.length}: ${line.slice(0, 80)}…`)).toEqual([]);
  });
});
