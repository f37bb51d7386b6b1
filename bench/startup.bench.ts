// Server start to first answered request, against a bare node:http server started the same way.
import { spawn } from 'node:child_process';
import { median, startQuerent, stop, waitForAnswer } from './server-process.ts';

const runs = 5;
const bareServer = `require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, '127.0.0.1')`;

async function bareStartMs(port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', bareServer], { env: { ...process.env, PORT: String(port) } });
  const ms = await waitForAnswer(`http://127.0.0.1:${port}/`, started);
  await stop(child);
  return ms;
}

export async function benchStartup() {
  const querent: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < runs; run++) {
    bare.push(await bareStartMs(3290 + run));
    const server = await startQuerent(3280 + run);
    querent.push(server.ms);
    await server.stop();
  }
  const q = median(querent);
  const b = median(bare);
  return [
    {
      benchmark: 'server start → first answered request (median of 5)',
      querent: `${q.toFixed(0)} ms`,
      baseline: `${b.toFixed(0)} ms (bare node:http)`,
      ratio: (q / b).toFixed(1),
      target: 'Querent < 1000 ms',
    },
  ];
}
