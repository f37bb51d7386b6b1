import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBundle, serverBundleMain } from '../scripts/server-bundle.ts';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

let bundleReady: Promise<boolean> | null = null;

/**
 * Starts a Querent server as `npm start` runs it (the server bundle, built first when missing or
 * older than the sources, outside any timing) on a fresh data directory, configured further by
 * `env`; resolves once it answers /api/health.
 */
export async function startQuerent(
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ms: number; stop: () => Promise<void> }> {
  // A server already answering there (another run, another user's) would be measured instead.
  if (await answers(`http://127.0.0.1:${port}/api/health`))
    throw new Error(`port ${port} is already taken by another server; stop it or move the benchmark`);
  bundleReady ??= ensureServerBundle();
  await bundleReady;
  const dataDir = mkdtempSync(join(tmpdir(), 'querent-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [serverBundleMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: 'ignore',
  });
  const ms = await waitForAnswer(`http://127.0.0.1:${port}/api/health`, started);
  return { child, ms, stop: () => stop(child) };
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** Polls a URL until it answers 200; returns milliseconds since `started`. */
export async function waitForAnswer(url: string, started: number, limitMs = 30_000): Promise<number> {
  while (performance.now() - started < limitMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer within ${limitMs} ms`);
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
