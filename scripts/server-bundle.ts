// The server as one bundle (apps/server/dist), which `npm start` runs: Node then loads a few
// files instead of stripping the types of some 600 and resolving some 1,500 modules one by one,
// which took most of a start. `npm run dev` and the tests keep running the sources.
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverDistDir = join(root, 'apps/server/dist');
export const serverBundleMain = join(serverDistDir, 'main.js');
// Written last: a build that failed midway leaves no stamp, so the next start builds again.
const stamp = join(serverDistDir, '.built');

// What the bundle is made from: a change to any of these makes `npm start` build again.
const sourceDirs = ['apps/server/src', 'packages/contracts/src'].map((dir) => join(root, dir));
const sourceFiles = ['package-lock.json', 'scripts/server-bundle.ts'].map((file) => join(root, file));

/**
 * Packages bundled in: our contracts, and Kysely, plain ESM of some 250 small modules loaded at
 * every start that no other package imports. Every other package stays an import of
 * node_modules, as from the sources: drivers, native modules and SDKs keep loading at first use
 * (load-once.ts); packages that read files beside their code (the API docs' page, pino's
 * workers) keep finding them; and zod stays one copy shared with the packages that use it too
 * (the Fastify provider, the AI SDK), so a schema is never checked by another copy's classes.
 */
const bundledPackages = ['@querent/contracts', 'kysely'];

function isBundled(id: string): boolean {
  if (id.startsWith('.') || id.startsWith('/') || id.startsWith('\0')) return true;
  return bundledPackages.some((name) => id === name || id.startsWith(`${name}/`));
}

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** True when the bundle is missing or older than any of its sources. */
export function serverBundleIsStale(): boolean {
  let built: number;
  try {
    built = statSync(stamp).mtimeMs;
  } catch {
    return true;
  }
  return [...sourceDirs, ...sourceFiles].some((path) => newestChange(path) > built);
}

/**
 * Builds apps/server/dist: main.js, the SQLite host process's script, lazily loaded chunks, and
 * the demo shop generated once, which a first start copies (demo/demo-template.ts).
 */
export async function buildServerBundle(): Promise<void> {
  // Loaded only to build: a start whose bundle is up to date loads neither the bundler nor the
  // demo's generator.
  const [{ build }, { DEMO_TEMPLATE_NAME }, { writeDemoShop }] = await Promise.all([
    import('rolldown'),
    import('../apps/server/src/demo/demo-template.ts'),
    import('../apps/server/src/demo/write-demo-shop.ts'),
  ]);
  // Written over the last build, not after deleting it: a server still running from it loads its
  // lazy chunks later, by their hashed names, which this build leaves in place.
  rmSync(stamp, { force: true });
  await build({
    input: {
      main: join(root, 'apps/server/src/main.ts'),
      // Forked as its own process (connectors/sqlite/hosts.ts), so it is an entry of its own.
      'sqlite-host': join(root, 'apps/server/src/connectors/sqlite/host.ts'),
    },
    platform: 'node',
    external: (id) => !isBundled(id),
    logLevel: 'warn',
    output: {
      dir: serverDistDir,
      format: 'esm',
      // Modules imported at first use (the analyst, drivers' connectors) stay chunks of their
      // own, loaded then; named after their module so a reader of the folder knows them.
      chunkFileNames: '[name]-[hash].js',
      // Off at run time (reading the maps would cost every start); NODE_OPTIONS=--enable-source-maps
      // turns stack traces back into lines of the sources.
      sourcemap: true,
    },
  });
  writeDemoShop(join(serverDistDir, DEMO_TEMPLATE_NAME));
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

/** Builds the bundle unless it is already up to date; answers whether it built. */
export async function ensureServerBundle(): Promise<boolean> {
  if (!serverBundleIsStale()) return false;
  await buildServerBundle();
  return true;
}
