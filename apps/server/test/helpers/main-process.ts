import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { makeTempDir } from './temp-dir.ts';

/*
 * Test-only: the server as an operator starts it (`node src/main.ts`, or the bundle `npm start`
 * runs, `dist/main.js`), in a child process the test can kill.
 */

const serverDir = path.resolve(import.meta.dirname, '../..');
// npm scripts put the repo's Node 24 first on PATH; the machine's own Node cannot strip types.
const nodeBinary = path.resolve(serverDir, '../../node_modules/.bin/node');

export interface MainProcess {
  child: ReturnType<typeof spawn>;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  output(): { stdout: string; stderr: string };
}

/** Starts the server; `cleanups` gets what removes its data directory and kills it if still running. */
export function startMain(
  env: Record<string, string>,
  cleanups: (() => void)[],
  nodeOptions: string[] = [],
  entry = 'src/main.ts',
): MainProcess {
  const temp = makeTempDir();
  cleanups.push(temp.remove);
  const child = spawn(nodeBinary, [...nodeOptions, entry], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: temp.dir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, exited, output: () => ({ stdout, stderr }) };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

export async function waitForHealth(url: string, deadline: number): Promise<unknown> {
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return await response.json();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
