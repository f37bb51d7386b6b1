import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureServerBundle, serverBundleMain, serverDistDir } from '../../../../scripts/server-bundle.ts';
import { freePort, startMain as startServer, waitForHealth } from '../helpers/main-process.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const startMain = (env: Record<string, string>, nodeOptions: string[] = []) =>
  startServer(env, cleanups, nodeOptions);

describe('node src/main.ts', () => {
  it('exits non-zero and names the variable when the configuration is invalid', async () => {
    const run = startMain({ PORT: 'abc' });
    const [code] = await run.exited;
    expect(code).not.toBe(0);
    expect(run.output().stderr).toContain('PORT must be an integer between 1 and 65535 (got "abc")');
    expect(run.output().stderr).not.toMatch(/\n\s+at /);
  });

  it('answers /api/health, then exits 0 on SIGTERM even with a socket connected', async () => {
    const port = await freePort();
    const run = startMain({ PORT: String(port) });
    expect(await waitForHealth(`http://127.0.0.1:${port}/api/health`, Date.now() + 15000)).toEqual({
      ok: true,
    });
    expect(run.output().stdout).toContain(`http://127.0.0.1:${port}`);

    // A connected polling client holds a long-poll request open; shutdown must not wait for it.
    const socket = connect(`http://127.0.0.1:${port}`, { transports: ['polling'], reconnection: false });
    cleanups.push(() => socket.disconnect());
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });

    const started = Date.now();
    run.child.kill('SIGTERM');
    const [code, signal] = await run.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(run.output().stdout).toContain('Shutting down');
  });

  it('creates the demo database on first start, and not again once the user deleted it', async () => {
    const dataDir = makeTempDir();
    cleanups.push(dataDir.remove);
    const boot = async () => {
      const port = await freePort();
      const run = startMain({ PORT: String(port), DATA_DIR: dataDir.dir, LOG_LEVEL: 'warn' });
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, Date.now() + 15000);
      return { run, url: `http://127.0.0.1:${port}` };
    };
    const stop = async (run: ReturnType<typeof startMain>) => {
      run.child.kill('SIGTERM');
      await run.exited;
    };
    const demos = async (url: string) => {
      const response = await fetch(`${url}/api/databases`);
      const list = (await response.json()) as {
        id: string;
        name: string;
        public: boolean;
        safe_mode: boolean;
      }[];
      return list.filter((database) => database.name === 'Demo shop');
    };

    const first = await boot();
    const [demo] = await demos(first.url);
    expect(demo).toMatchObject({ public: true, safe_mode: true });
    const count = await fetch(`${first.url}/api/query/_run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ databaseId: demo?.id, query: 'SELECT count(*) AS n FROM customers' }),
    });
    expect(await count.json()).toMatchObject({ columns: [{ name: 'n' }], rows: [[5000]] });
    expect((await fetch(`${first.url}/api/databases/${demo?.id}`, { method: 'DELETE' })).status).toBe(204);
    await stop(first.run);

    const second = await boot();
    expect(await demos(second.url)).toEqual([]);
    await stop(second.run);
  });

  it('starts in hosted mode without reaching the provider, and creates no demo database', async () => {
    const dataDir = makeTempDir();
    cleanups.push(dataDir.remove);
    const port = await freePort();
    const run = startMain({
      PORT: String(port),
      DATA_DIR: dataDir.dir,
      LOG_LEVEL: 'warn',
      AUTH_MODE: 'oidc',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Nothing listens there: discovery waits for the first sign-in.
      OIDC_ISSUER_URL: 'http://127.0.0.1:9/realms/none',
      OIDC_CLIENT_ID: 'querent',
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(`${url}/api/health`, Date.now() + 15000);
    expect((await fetch(`${url}/api/databases`)).status).toBe(401);
    const signIn = await fetch(`${url}/api/auth`);
    expect(signIn.status).toBe(503);
    expect(await signIn.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    run.child.kill('SIGTERM');
    await run.exited;
    const store = new Database(path.join(dataDir.dir, 'querent.sqlite'), { readonly: true });
    try {
      expect(store.prepare('select count(*) as n from databases').get()).toEqual({ n: 0 });
    } finally {
      store.close();
    }
  });
});

/** Every module URL a server process loaded from start to its first answered request. */
async function modulesLoadedAtStart(entry: string): Promise<string[]> {
  const temp = makeTempDir();
  cleanups.push(temp.remove);
  // Records every module the process loads, required or imported, and writes the list on exit.
  const recorder = path.join(temp.dir, 'record-modules.mjs');
  const recorded = path.join(temp.dir, 'modules.json');
  writeFileSync(
    recorder,
    `import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
const urls = new Set();
registerHooks({ load: (url, context, next) => (urls.add(url), next(url, context)) });
process.on('exit', () => writeFileSync(${JSON.stringify(recorded)}, JSON.stringify([...urls])));
`,
  );
  const port = await freePort();
  const run = startServer(
    { PORT: String(port), LOG_LEVEL: 'warn' },
    cleanups,
    ['--no-warnings', '--import', pathToFileURL(recorder).href],
    entry,
  );
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, Date.now() + 15000);
  run.child.kill('SIGTERM');
  await run.exited;
  return JSON.parse(readFileSync(recorded, 'utf8')) as string[];
}

const lazyPackages = [
  'exceljs',
  '@duckdb/node-api',
  'mysql2',
  'snowflake-sdk',
  '@google-cloud/bigquery',
  'redis',
  '@socket.io/redis-adapter',
  'node-sql-parser',
  'ai',
  '@ai-sdk/openai',
  '@ai-sdk/anthropic',
  '@ai-sdk/openai-compatible',
  '@fastify/ajv-compiler',
  // Hosted sign-in only: local mode never signs anyone in.
  'openid-client',
  '@fastify/rate-limit',
  // The MCP server's SDK comes with the first request to /mcp.
  '@modelcontextprotocol/sdk',
];

function packagesOf(urls: string[]): Set<string | undefined> {
  return new Set(urls.map((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]));
}

describe('what a start loads', () => {
  it('loads no driver, file format, AI SDK or sign-in library before a request needs it', async () => {
    const urls = await modulesLoadedAtStart('src/main.ts');
    const packages = packagesOf(urls);
    expect(packages).toContain('fastify');
    expect(lazyPackages.filter((name) => packages.has(name))).toEqual([]);
    // The analyst's loop and the offline model come with the first question.
    expect(urls.filter((url) => /\/src\/(agent\/run-agent|llm\/offline-model)\.ts$/.test(url))).toEqual([]);
  });

  it('from the bundle npm start runs, neither, and no chunk of the analyst or the offline model', async () => {
    await ensureServerBundle();
    // The lazy modules are chunks of their own, named after them: the check below means something.
    const chunks = readdirSync(serverDistDir);
    expect(chunks.some((file) => /^run-agent-.*\.js$/.test(file))).toBe(true);
    expect(chunks.some((file) => /^offline-model-.*\.js$/.test(file))).toBe(true);

    const urls = await modulesLoadedAtStart(path.relative(serverDir, serverBundleMain));
    const packages = packagesOf(urls);
    expect(packages).toContain('fastify');
    // Started from the bundle, not from the sources: no .ts file of ours is loaded.
    expect(urls.filter((url) => /\/apps\/server\/src\//.test(url))).toEqual([]);
    expect(lazyPackages.filter((name) => packages.has(name))).toEqual([]);
    expect(urls.filter((url) => /\/dist\/(run-agent|offline-model)-[^/]*\.js$/.test(url))).toEqual([]);
  });
});

describe('node dist/main.js (the bundle npm start runs)', () => {
  it('creates the demo database from the built copy and queries it through the SQLite host', async () => {
    await ensureServerBundle();
    const dataDir = makeTempDir();
    cleanups.push(dataDir.remove);
    const port = await freePort();
    const run = startServer(
      { PORT: String(port), DATA_DIR: dataDir.dir, LOG_LEVEL: 'warn' },
      cleanups,
      [],
      path.relative(serverDir, serverBundleMain),
    );
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(`${url}/api/health`, Date.now() + 15000);
    const [demo] = (await (await fetch(`${url}/api/databases`)).json()) as { id: string; name: string }[];
    expect(demo?.name).toBe('Demo shop');
    const count = await fetch(`${url}/api/query/_run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ databaseId: demo?.id, query: 'SELECT count(*) AS n FROM order_lines' }),
    });
    const generated = scalarOf(
      path.join(serverDistDir, 'demo-shop.sqlite'),
      'SELECT count(*) FROM order_lines',
    );
    expect(await count.json()).toMatchObject({ rows: [[generated]] });
    run.child.kill('SIGTERM');
    const [code] = await run.exited;
    expect(code).toBe(0);
  });
});

function scalarOf(file: string, sql: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return Number(db.prepare(sql).pluck().get());
  } finally {
    db.close();
  }
}
