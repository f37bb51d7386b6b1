import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

// The same budget as the bundle-size benchmark, which measures what Chromium downloads for
// /chat/new; here the production build's own graph gives the same bytes without a browser.
const budgetBytes = 150 * 1024;
const webRoot = join(import.meta.dirname, '..');

type Output = Rolldown.RolldownOutput['output'][number];
type Chunk = Extract<Output, { type: 'chunk' }>;

/** Builds the app in memory, as `npm run build` does, and answers its JavaScript chunks by file. */
async function buildChunks(): Promise<Map<string, Chunk>> {
  // Vitest sets NODE_ENV to 'test', which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
    build: { write: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((item) =>
    'output' in item ? item.output : [],
  );
  return new Map(
    outputs.filter((item): item is Chunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
  );
}

/** The entry chunk and every chunk it imports statically: what the browser fetches before drawing. */
function firstLoad(chunks: Map<string, Chunk>): Chunk[] {
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const seen = new Map<string, Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) visit(imported);
    }
  };
  visit(entry);
  return [...seen.values()];
}

const gzipped = (chunk: Chunk) => gzipSync(chunk.code, { level: 9 }).length;

describe('first load of /chat/new', () => {
  it(`stays under ${budgetBytes / 1024} kB of gzipped JavaScript, with the SQL editor and charts left out`, async () => {
    const chunks = await buildChunks();
    const loaded = firstLoad(chunks);
    const bytes = loaded.reduce((sum, chunk) => sum + gzipped(chunk), 0);
    const sizes = loaded.map((chunk) => `${chunk.fileName} ${(gzipped(chunk) / 1024).toFixed(1)} kB`);
    expect(bytes, `first load ${(bytes / 1024).toFixed(1)} kB: ${sizes.join(', ')}`).toBeLessThan(
      budgetBytes,
    );

    const modules = loaded.flatMap((chunk) => chunk.moduleIds);
    expect(modules.some((id) => id.includes('/src/pages/chat-page.tsx'))).toBe(true);
    for (const lazy of ['@codemirror', 'echarts', '/src/pages/editor-page.tsx', '/src/pages/setup-page.tsx'])
      expect(modules.filter((id) => id.includes(lazy))).toEqual([]);
  }, 120_000);
});
